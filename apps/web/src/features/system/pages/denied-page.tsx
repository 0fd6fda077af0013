import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusResult } from '../../../components/status-result';

/** 403 (spec §2 "403 page"): go back, or go home. */
export function DeniedPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <StatusResult
      code="403"
      title={t('routes.denied')}
      body={t('denied.body')}
      actions={
        <>
          <Button size="large" onClick={() => void navigate(-1)} data-testid="go-back">
            {t('actions.go_back')}
          </Button>
          <Button size="large" type="primary" onClick={() => void navigate('/')} data-testid="go-home">
            {t('actions.go_home')}
          </Button>
        </>
      }
    />
  );
}
