import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { api } from '@nearcast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { connectCallback } from '../api/connect-callback';
import { videoReads } from '../api/video-reads';
import './video.css';
import './video-connected-page.css';

/**
 * Where a platform sends the browser back after its authorization (VIDEO_OAUTH_CALLBACK_PATH):
 * hands `code` and `state` (or the platform's `error`) to the server, which checks the state
 * and its PKCE verifier and exchanges the code, then returns to the merchant's accounts.
 */
export function VideoConnectedPage() {
  const { t } = useTranslation('video');
  const { t: tc } = useTranslation('common');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = params.get('state') ?? '';
  const code = params.get('code') ?? undefined;
  const error = params.get('error_description') ?? params.get('error') ?? undefined;
  // A state is used once on the server: the exchange runs once per visit, never on a refocus.
  const exchange = useQuery({
    queryKey: endpointKey(api.video.connectCallback, { state }),
    queryFn: ({ signal }) => connectCallback({ state, ...(code ? { code } : {}), ...(error ? { error: error.slice(0, 500) } : {}) }, signal),
    enabled: state !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (!exchange.data) return;
    const connection = exchange.data;
    void invalidateEndpoints(queryClient, videoReads);
    notifySuccess(t('connection.connected_toast', { platform: t(`platform.${connection.platform}`), merchant: connection.account_name ?? '' }));
    void navigate(`/video?tab=connections&merchant=${connection.merchant_id}`, { replace: true });
  }, [exchange.data, navigate, queryClient, t]);

  const failed = state === '' || exchange.isError;
  const reason = exchange.error instanceof ApiError ? exchange.error.msg : state === '' ? t('connection.no_state') : '';
  // The page is titled by its route, like every page; what became of the connection is said below it.
  return (
    <section className="video-connected" data-testid="video-connected" aria-live="polite">
      <h1 className="video-connected__title" data-testid="page-title">
        {tc('routes.videoConnected')}
      </h1>
      {failed ? (
        <>
          <CloseCircleFilled className="video-connected__icon video-connected__icon--error" />
          <p className="video-connected__state" data-testid="video-connected-state" data-state="failed">
            {t('connection.failed_title')}
          </p>
          {reason && <p className="video-connected__body" data-testid="video-connected-reason">{reason}</p>}
          <Link to="/video?tab=connections">
            <Button type="primary">{t('connection.back')}</Button>
          </Link>
        </>
      ) : exchange.isSuccess ? (
        <>
          <CheckCircleFilled className="video-connected__icon" />
          <p className="video-connected__state" data-testid="video-connected-state" data-state="connected">
            {t('connection.state.connected')}
          </p>
        </>
      ) : (
        <>
          <Spin size="large" />
          <p className="video-connected__state" data-testid="video-connected-state" data-state="finishing">
            {t('connection.finishing')}
          </p>
        </>
      )}
    </section>
  );
}
