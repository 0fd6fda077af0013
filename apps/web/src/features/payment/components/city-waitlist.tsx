import { WAITLIST_HOLD_HOURS, type WaitlistEntry } from '@nearcast/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/date-style';
import { translateMessage } from '../../../lib/i18n';
import { useJoinWaitlist, useLeaveWaitlist } from '../../../api/waitlist';

function refusalOf(error: unknown): string {
  return translateMessage(error instanceof ApiError ? error.msg : 'error.request_failed') || translateMessage('error.request_failed');
}

/**
 * A studio applicant and a city's line (spec §9: 100 studio places per city): in a full city it
 * may join the line; in line, it sees its place and may leave; offered a freed place, it sees
 * until when the place is held for it (the purchase is open meanwhile). An applicant in another
 * city's line is told so rather than offered a second line.
 */
export function CityWaitlist({ cityId, cityName, full, entry }: { cityId: number; cityName: string; full: boolean; entry: WaitlistEntry | null }) {
  const { t } = useTranslation('payment');
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const error = join.error ?? leave.error;
  const failed = error ? <Alert type="error" showIcon title={refusalOf(error)} data-testid="waitlist-error" /> : null;
  const leaveButton = entry && (
    <Button size="small" onClick={() => leave.mutate(entry.id)} loading={leave.isPending} data-testid="waitlist-leave">
      {t('waitlist.leave')}
    </Button>
  );

  if (entry && entry.city_id === cityId) {
    if (entry.status === 'offered' && entry.hold_until) {
      return (
        <div className="plan-waitlist" data-testid="waitlist-offered">
          <Alert
            type="success"
            showIcon
            title={t('waitlist.offered_title', { city: cityName })}
            description={t('waitlist.offered_body', { time: formatDayTime(entry.hold_until) })}
          />
          {leaveButton}
          {failed}
        </div>
      );
    }
    return (
      <div className="plan-waitlist" data-testid="waitlist-waiting" data-position={entry.position ?? ''}>
        <Alert
          type="info"
          showIcon
          title={t('waitlist.position', { position: entry.position ?? 0, count: entry.waiting, city: cityName })}
          description={t('waitlist.waiting_body', { hours: WAITLIST_HOLD_HOURS })}
        />
        {leaveButton}
        {failed}
      </div>
    );
  }
  if (!full) return null;
  if (entry) {
    return <Alert type="info" showIcon title={t('waitlist.elsewhere', { city: entry.city_name })} data-testid="waitlist-elsewhere" />;
  }
  return (
    <div className="plan-waitlist" data-testid="waitlist-join-panel">
      <p className="plan-waitlist__text">{t('waitlist.join_body', { city: cityName, hours: WAITLIST_HOLD_HOURS })}</p>
      <Button type="primary" onClick={() => join.mutate(cityId)} loading={join.isPending} data-testid="waitlist-join">
        {t('waitlist.join')}
      </Button>
      {failed}
    </div>
  );
}
