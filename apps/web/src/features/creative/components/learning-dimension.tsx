import { PushpinOutlined, StopOutlined } from '@ant-design/icons';
import type { LearningArmBelief, LearningDimension } from '@nearcast/contract';
import { Button, Card, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { choiceLabel, humanize } from '../lib/insight-labels';
import { isLastAllowed, type LearningDraft, type Standing } from '../lib/learning-draft';

/** Tag colours per standing, chosen to read on the dark surface (the theme's tuned ones). */
const STANDING_COLORS: Record<Standing, string | undefined> = {
  pinned: 'purple',
  leading: 'cyan',
  exploring: 'gold',
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
  /** What the learner believes of each choice in the language shown (as saved). */
  beliefs: Map<string, LearningArmBelief>;
  /** Absent for a reader who cannot change the plan (an operator): no buttons at all. */
  onPin?: (arm: string) => void;
  onBan?: (arm: string) => void;
}

/** One dimension of the plan: each choice, where it stands, and (for the studio) pin and ban. */
export function LearningDimensionCard({ dimension, arms, draft, standings, beliefs, onPin, onBan }: LearningDimensionCardProps) {
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
          const belief = beliefs.get(arm);
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
              {belief && <BeliefFigures belief={belief} standing={standing} />}
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
    </Card>
  );
}

const IN_DRAW: readonly Standing[] = ['leading', 'exploring', 'learning', 'untried'];

/**
 * The learner's own figures for one choice: its chance of being the best (a bar and a percent),
 * the merchant's posts behind it and, in words, the range its results most likely fall in.
 */
function BeliefFigures({ belief, standing }: { belief: LearningArmBelief; standing: Standing }) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const times = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // Shown only while the choice is in the draw as edited: a pin or a ban not yet saved changes the odds.
  const drawn = IN_DRAW.includes(standing) && belief.state === 'in_draw';
  const chance = belief.p_best > 0 && belief.p_best < 0.01 ? t('learning.under_one_percent') : percent.format(belief.p_best);
  const range =
    belief.posts === 0 && belief.pool_posts === 0
      ? t('learning.nothing_yet')
      : t('learning.interval', { low: times.format(belief.ratio.low), high: times.format(belief.ratio.high) });
  const posts = belief.posts > 0 ? t('learning.posts', { count: belief.posts }) : belief.pool_posts > 0 ? t('learning.prior_posts', { count: belief.pool_posts }) : t('learning.no_posts');
  const since = standing === 'exploring' ? (belief.days_since_tried === null ? t('learning.never_tried') : t('learning.not_tried_for', { count: belief.days_since_tried })) : null;
  return (
    <div className="learning__figures" data-testid={`learning-figures-${belief.arm}`}>
      {drawn ? (
        <span className="learning__chance">
          <span className="learning__bar-track" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(belief.p_best * 100)} aria-label={t('learning.chance_label')}>
            <span className="learning__bar-fill" style={{ width: `${Math.max(belief.p_best * 100, belief.p_best > 0 ? 2 : 0)}%` }} />
          </span>
          <span data-testid={`learning-chance-${belief.arm}`}>{t('learning.chance', { percent: chance })}</span>
        </span>
      ) : null}
      <span className="learning-muted learning__evidence" data-testid={`learning-evidence-${belief.arm}`}>
        {[posts, range, since].filter((part): part is string => part !== null).join(' · ')}
      </span>
    </div>
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
