import { FormOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';

const ASKED = ['name', 'phone', 'company', 'tax', 'location', 'address', 'wechat'] as const;

/**
 * Spec §4: a paid studio with incomplete information is kept on /studio until it fills it in.
 * The form itself comes with onboarding; until then this says plainly what will be asked and
 * why the statistics are not shown, rather than offering a form that saves nothing.
 */
export function InfoRequiredCard() {
  const { t } = useTranslation('stats');
  return (
    <Card className="stats-info" data-testid="studio-info-required">
      <div className="stats-info__icon" aria-hidden="true">
        <FormOutlined />
      </div>
      <h2 className="stats-info__title">{t('studio.info.title')}</h2>
      <p className="stats-info__lead">{t('studio.info.lead')}</p>
      <ul className="stats-info__list">
        {ASKED.map((key) => (
          <li key={key}>
            <strong>{t(`studio.info.fields.${key}.label`)}</strong>
            <span>{t(`studio.info.fields.${key}.detail`)}</span>
          </li>
        ))}
      </ul>
      <p className="stats-info__note" data-testid="studio-info-note">
        {t('studio.info.note')}
      </p>
    </Card>
  );
}
