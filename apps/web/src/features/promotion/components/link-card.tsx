import { CopyOutlined, LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ResponseOf, api } from '@nearcast/contract';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../../lib/clipboard';
import '../../../components/surface.css';

type PromotionLink = ResponseOf<typeof api.promotion.link>;

/** The referral link, who it signs up and how many did, with a copy button (§8 'Copy failed'). */
export function LinkCard({ link, staff }: { link: PromotionLink; staff: boolean }) {
  const { t } = useTranslation('promotion');
  const copy = () => copyWithNotice(link.url, t('link.copied'));
  // Staff links place nobody under anyone: say so rather than "under you".
  const audience = link.join_type === 'studio' ? 'studio' : staff ? 'business_staff' : 'business';

  return (
    <Card className="promo-card" title={<span className="nc-card-title"><LinkOutlined /> {t('link.title')}</span>}>
      <p className="promo-card__lead" data-testid="promotion-audience">
        {t(`link.audience.${audience}`)}
      </p>
      <Space.Compact className="promo-link">
        <Input value={link.url} readOnly aria-label={t('link.title')} onFocus={(event) => event.target.select()} data-testid="promotion-link" />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="copy-link">
          {t('link.copy')}
        </Button>
      </Space.Compact>
      <dl className="promo-facts">
        <div className="promo-fact">
          <dt>{t('link.code')}</dt>
          <dd className="promo-fact__code" data-testid="promotion-code">
            {link.code}
          </dd>
        </div>
        <div className="promo-fact">
          <dt>{t('link.joins_as')}</dt>
          <dd>{t(`link.join_type.${link.join_type}`)}</dd>
        </div>
        <div className="promo-fact">
          <dt>
            <UserAddOutlined /> {t('link.signups')}
          </dt>
          <dd className="promo-fact__number" data-testid="promotion-signups">
            {link.signups.toLocaleString()}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
