import { PushpinOutlined, StopOutlined } from '@ant-design/icons';
import type { LearningDimension } from '@nearcast/contract';
import { Button, Card, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { choiceLabel, formatCount, humanize } from '../lib/insight-labels';
import { EVIDENCED, isLastAllowed, type Evidence, type LearningDraft, type Standing } from '../lib/learning-draft';

/** Tag colours per standing, chosen to read on the dark surface (the theme's tuned ones). */
const STANDING_COLORS: Record<Standing, string | undefined> = {
  pinned: 'purple',
  leading: 'cyan',
  learning: 'processing',
  untried: undefined,
  held: undefined,
  off: undefined,
  banned: 'error',
};

/** One choice of the plan in the reader's words: hook styles and looks as the insights name them, bands and hours the plan's own way. */
export function armLabel(t: TFunction, dimension: LearningDimension, arm: string, language: string): string {
  switch (dimension) {
    case 'hook_style':
    case 'look':
      return choiceLabel(t, dimension, arm, language);
    case 'length_band':
      return t(`creative:learning.length.${arm}`, { defaultValue: humanize(arm) });
    case 'posting_hour': {
      const [hour = 0, minute = 0] = arm.split(':').map(Number);
      return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, hour, minute)));
    }
  }
}

interface LearningDimensionCardProps {
  dimension: LearningDimension;
  arms: readonly string[];
  draft: LearningDraft;
  standings: Map<string, Standing>;
  /** The results per choice, for the dimensions the insights measure the way the plan chooses. */
  evidence: Map<string, Evidence> | undefined;
  /** Absent for a reader who cannot change the plan (an operator): no buttons at all. */
  onPin?: (arm: string) => void;
  onBan?: (arm: string) => void;
}

/** One dimension of the plan: each choice, where it stands, and (for the studio) pin and ban. */
export function LearningDimensionCard({ dimension, arms, draft, standings, evidence, onPin, onBan }: LearningDimensionCardProps) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  const pinned = draft.pins[dimension];
  return (
    <Card
      size="small"
      className="learning__dimension"
      title={t(`insights.dimension.${dimension}`)}
      extra={pinned !== undefined ? <span className="learning-muted">{t('learning.pinned_summary')}</span> : null}
      data-testid={`learning-${dimension}`}
    >
      <ul className="learning__choices">
        {arms.map((arm) => {
          const label = armLabel(t, dimension, arm, language);
          const standing = standings.get(arm) ?? 'learning';
          const figures = evidence?.get(arm);
          const banned = standing === 'banned';
          const lastAllowed = !banned && isLastAllowed(draft, dimension, arm, arms);
          return (
            <li key={arm} className={`learning__choice learning__choice--${standing}`} data-testid={`learning-choice-${dimension}-${arm}`}>
              <div className="learning__choice-main">
                <span className="learning__label">{label}</span>
                <Tag color={STANDING_COLORS[standing]} className="learning__standing" data-testid={`learning-standing-${dimension}-${arm}`}>
                  {t(`learning.standing.${standing}`)}
                </Tag>
              </div>
              {evidence && (
                <span className="learning-muted learning__evidence">
                  {figures && figures.videos > 0 ? t('learning.evidence', { count: figures.videos, plays: formatCount(figures.typical, language) }) : t('learning.no_results')}
                </span>
              )}
              {onPin && onBan && (
                <div className="learning__controls">
                  <Button
                    size="small"
                    type={pinned === arm ? 'primary' : 'default'}
                    icon={<PushpinOutlined />}
                    aria-pressed={pinned === arm}
                    onClick={() => onPin(arm)}
                    aria-label={t(pinned === arm ? 'learning.unpin_named' : 'learning.pin_named', { choice: label })}
                    data-testid={`learning-pin-${dimension}-${arm}`}
                  >
                    {t(pinned === arm ? 'learning.unpin' : 'learning.pin')}
                  </Button>
                  <Button
                    size="small"
                    danger={!banned}
                    icon={<StopOutlined />}
                    aria-pressed={banned}
                    disabled={lastAllowed}
                    title={lastAllowed ? t('learning.last_allowed') : undefined}
                    onClick={() => onBan(arm)}
                    aria-label={t(banned ? 'learning.allow_named' : 'learning.ban_named', { choice: label })}
                    data-testid={`learning-ban-${dimension}-${arm}`}
                  >
                    {t(banned ? 'learning.allow' : 'learning.ban')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!EVIDENCED.includes(dimension) && <p className="learning-muted learning__note">{t(`learning.measured_elsewhere.${dimension}`)}</p>}
    </Card>
  );
}

/** The changes a save makes, line by line, for its confirmation. */
export function changeLines(t: TFunction, draft: LearningDraft, arms: Record<LearningDimension, readonly string[]>, language: string): string[] {
  const lines: string[] = [];
  for (const dimension of Object.keys(arms) as LearningDimension[]) {
    const name = t(`creative:insights.dimension.${dimension}`);
    const pin = draft.pins[dimension];
    if (pin !== undefined) lines.push(t('creative:learning.confirm_pin', { dimension: name, choice: armLabel(t, dimension, pin, language) }));
    const bans = draft.bans[dimension] ?? [];
    if (bans.length > 0) lines.push(t('creative:learning.confirm_ban', { dimension: name, choices: new Intl.ListFormat(language, { type: 'conjunction' }).format(bans.map((arm) => armLabel(t, dimension, arm, language))) }));
  }
  return lines;
}
