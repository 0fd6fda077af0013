import { Collapse, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { appTheme } from '../../../lib/theme';
import { figureValues } from '../links';
import { FAQ_KEYS } from './faq-keys';

/**
 * The FAQ as antd's Collapse. Loaded only when the visitor scrolls near it, with its own
 * theme provider because the landing page runs outside the antd shell.
 */
export function Faq() {
  const { t, i18n } = useTranslation('home');
  const values = figureValues(i18n.resolvedLanguage ?? 'en-US');
  return (
    <ConfigProvider theme={appTheme}>
      <Collapse
        className="faq"
        accordion
        size="large"
        expandIconPlacement="end"
        defaultActiveKey={[FAQ_KEYS[0]]}
        items={FAQ_KEYS.map((key) => ({
          key,
          label: t(`faq.items.${key}.q`),
          children: <p className="faq__answer">{t(`faq.items.${key}.a`, values)}</p>,
        }))}
        data-testid="faq"
      />
    </ConfigProvider>
  );
}
