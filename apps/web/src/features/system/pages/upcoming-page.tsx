import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SimpleFrame } from '../../../components/simple-frame';
import { usePageData } from '../../../lib/page-title';
import { ROUTE_BY_KEY } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import './system.css';

/**
 * One page for every route whose screen is still being built: its real title and an honest
 * line about it, instead of a copy per route.
 */
export function UpcomingPage() {
  const { t } = useTranslation('common');
  const data = usePageData();
  const { token } = useSession();
  const layout = data ? ROUTE_BY_KEY[data.routeKey].layout : 'main';

  const body = (
    <>
      <PageHeader />
      <Card className="nc-upcoming" data-testid="upcoming">
        <div className="nc-upcoming__icon" aria-hidden="true">
          <ClockCircleOutlined />
        </div>
        <p className="nc-upcoming__lead">{t('upcoming.lead')}</p>
        <p className="nc-upcoming__body">{t('upcoming.body')}</p>
        <Link to={token ? '/dashboard' : '/'}>
          <Button type="primary">{token ? t('actions.go_dashboard') : t('actions.go_home')}</Button>
        </Link>
      </Card>
    </>
  );

  // Stand-alone public routes have no layout around them; give them the branded frame.
  return layout === 'bare' ? <SimpleFrame>{body}</SimpleFrame> : body;
}
