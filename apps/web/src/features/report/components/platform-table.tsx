import { PLATFORM_NAMES, type MonthlyReportPlatform, type PublishTargetName } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { byPlatformOrder, formatCount, formatMetric } from '../lib/report-view';

const METRICS = ['plays', 'likes', 'comments', 'shares'] as const;

/** A platform's name as the video pages write it (Bilibili is 哔哩哔哩 in Chinese). */
export function usePlatformName(): (platform: PublishTargetName) => string {
  const { t } = useTranslation('video');
  return (platform) => t(`platform.${platform}`, { defaultValue: PLATFORM_NAMES[platform] ?? platform });
}

/**
 * The month per platform: videos that went out there and what they gained. A table on a wide
 * screen; on a phone one card per platform, every number in view without a sideways scroll.
 */
export function PlatformTable({ platforms }: { platforms: MonthlyReportPlatform[] }) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const nameOf = usePlatformName();
  const na = t('figures.not_available');
  const rows = byPlatformOrder(platforms);

  if (rows.length === 0) {
    return (
      <p className="report-muted" data-testid="report-platforms-empty">
        {t('platforms.empty')}
      </p>
    );
  }

  if (isPhone) {
    return (
      <ul className="report-platform-cards" data-testid="report-platforms">
        {rows.map((row) => (
          <li key={row.platform} className="report-platform-card" data-platform={row.platform}>
            <span className="report-platform-card__name">{nameOf(row.platform)}</span>
            <dl className="report-platform-card__facts">
              <div>
                <dt>{t('platforms.videos')}</dt>
                <dd>{formatCount(row.videos, language)}</dd>
              </div>
              {METRICS.map((metric) => (
                <div key={metric}>
                  <dt>{t(`figures.${metric}`)}</dt>
                  <dd className={row[metric] === null ? 'report-na' : undefined}>{formatMetric(row[metric], language, na)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="report-table-wrap">
      <table className="report-table" data-testid="report-platforms">
        <caption className="nc-visually-hidden">{t('platforms.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('platforms.platform')}</th>
            <th scope="col" className="report-table__num">
              {t('platforms.videos')}
            </th>
            {METRICS.map((metric) => (
              <th key={metric} scope="col" className="report-table__num">
                {t(`figures.${metric}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.platform} data-platform={row.platform}>
              <th scope="row">{nameOf(row.platform)}</th>
              <td className="report-table__num">{formatCount(row.videos, language)}</td>
              {METRICS.map((metric) => (
                <td key={metric} className={row[metric] === null ? 'report-table__num report-na' : 'report-table__num'}>
                  {formatMetric(row[metric], language, na)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
