import type { LiveInfo } from '@nearcast/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayTime, weekdayOf, zoneNameOf } from '../../../lib/date-style';
import { countdownTo, timeStatusAt } from '../lib/countdown';

/**
 * A live event's time: in the event's own zone and on the reader's clock, a countdown that
 * turns into "live now" (with the link) and then "ended" by itself, and the .ics file that
 * puts it in a calendar (served by the server at /item/{id}/event.ics).
 */
export function LiveBox({ id, live }: { id: number; live: LiveInfo }) {
  const { t, i18n } = useTranslation('item');
  const [now, setNow] = useState(() => Date.now());
  const status = timeStatusAt(live, now);

  useEffect(() => {
    if (status === 'ended') return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [status]);

  const start = new Date(live.start_time);
  // Spec §9's date style, with the weekday and the zone's name in the reader's language.
  const format = (timeZone?: string) =>
    [weekdayOf(start, i18n.resolvedLanguage, timeZone), formatDayTime(start, timeZone), zoneNameOf(start, i18n.resolvedLanguage, timeZone)].filter(Boolean).join(' ');
  // A zone the browser does not know is shown in UTC.
  const eventZone = zoneNameOf(start, i18n.resolvedLanguage, live.time_zone) ? live.time_zone : 'UTC';
  const eventTime = format(eventZone);
  const localTime = format();
  const left = status === 'upcoming' ? countdownTo(start.getTime(), now) : null;

  return (
    <section className={`item-live item-live--${status}`} aria-labelledby="item-live-title" data-testid="item-live" data-status={status}>
      <h2 id="item-live-title" className="item-live__status">
        {status === 'live' && <span className="item-live__dot" aria-hidden="true" />}
        {t(`live.${status}`)}
      </h2>
      <p className="item-live__time">
        <time dateTime={live.start_time}>{eventTime}</time>
        {localTime !== eventTime && <span className="item-live__local">{t('live.your_time', { time: localTime })}</span>}
        <span className="item-live__local">{t('live.duration', { count: live.duration_minutes })}</span>
      </p>
      {left && (
        <div className="item-countdown" role="timer" aria-label={t('live.countdown')} data-testid="item-countdown">
          {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
            <span key={unit} className="item-countdown__part">
              <strong>{String(left[unit]).padStart(unit === 'days' ? 1 : 2, '0')}</strong>
              <small>{t(`live.${unit}`)}</small>
            </span>
          ))}
        </div>
      )}
      <div className="item-live__actions">
        {status === 'live' && live.link && (
          <a className="nc-btn nc-btn--primary" href={live.link} target="_blank" rel="noopener noreferrer" data-testid="item-live-join">
            {t('live.join')}
          </a>
        )}
        {status !== 'ended' && (
          <a className="nc-btn nc-btn--ghost" href={`/item/${id}/event.ics`} download data-testid="item-ics">
            {t('live.add_to_calendar')}
          </a>
        )}
      </div>
    </section>
  );
}
