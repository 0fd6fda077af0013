import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BrandMark({ size = 28 }: { size?: number }) {
  // One gradient id per instance: a hidden copy (the desktop aside on a phone) would otherwise
  // own the id and leave the visible mark without its fill.
  const gradient = `nc-brand-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="nc-brand__mark">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#15152a" />
      <circle cx="32" cy="38" r="6" fill={`url(#${gradient})`} />
      <path
        d="M18 38a14 14 0 0 1 28 0M10 38a22 22 0 0 1 44 0"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The logo and wordmark, linking home. */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} className="nc-brand" aria-label={t('brand.home_link')} data-testid="brand">
      <BrandMark />
      {!compact && <span className="nc-brand__name">{t('brand.name')}</span>}
    </Link>
  );
}
