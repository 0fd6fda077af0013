import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SimpleFrame } from '../../../components/simple-frame';
import { StatusResult } from '../../../components/status-result';

/** The not-found page every unmatched URL ends on when there is no previous page. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <SimpleFrame>
      <StatusResult
        code="404"
        title={t('routes.notFound')}
        body={t('not_found.body')}
        actions={
          <Button size="large" type="primary" onClick={() => void navigate('/')} data-testid="go-home">
            {t('actions.go_home')}
          </Button>
        }
      />
    </SimpleFrame>
  );
}
