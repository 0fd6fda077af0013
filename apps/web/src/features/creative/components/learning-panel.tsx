import { EyeOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { api, LEARNING_DIMENSIONS, type LearningDimension, type LearningSettings } from '@nearcast/contract';
import { Button, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { InlineLoadFailed } from '../../../components/list-state';
import { isAbort } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBrief } from '../api/get-brief';
import { useLearning } from '../api/get-learning';
import { useSetLearning } from '../api/set-learning';
import { beliefsByArm, bodyOf, draftOf, isEmptyDraft, mainLanguage, offWithout, sameDraft, standingsOf, toggleBan, togglePin, type LearningDraft } from '../lib/learning-draft';
import { changeLines, LearningDimensionCard } from './learning-dimension';
import './learning.css';

interface LearningPanelProps {
  merchantId: number | null;
  /** Studio and staff change the plan; an operator reads it (learning/set is theirs alone). */
  canEdit: boolean;
}

/**
 * What the plan learns (docs/decisions/085), beside /video's insights: for one merchant, each
 * choice the daily plan makes (hook, look, length, posting hour), where each option stands —
 * pinned, banned, the learner's favourite, due for a try, still in the draw or not tried yet —
 * with the learner's own figures per language (its chance of being best, the merchant's posts
 * behind it, the range its results most likely fall in), and,
 * for the studio, pin one option or ban some per choice. Changes are gathered, then saved
 * together after a confirmation, since they steer every plan day that follows.
 */
export function LearningPanel({ merchantId, canEdit }: LearningPanelProps) {
  const { t } = useTranslation('creative');
  const learning = useLearning(merchantId);
  return (
    <section className="learning" aria-labelledby="learning-title" data-testid="learning-panel">
      <div className="learning__bar">
        <h2 className="learning__title" id="learning-title">
          {t('learning.title')}
        </h2>
        {learning.data && (
          <span className="learning-muted" data-testid="learning-updated">
            {learning.data.update_time ? t('learning.updated', { date: formatDate(learning.data.update_time) }) : t('learning.never_set')}
          </span>
        )}
      </div>
      <p className="learning-muted learning__intro">{t('learning.intro')}</p>
      {merchantId === null ? (
        <p className="learning-muted" data-testid="learning-pick">
          {t('learning.pick_merchant')}
        </p>
      ) : learning.isError ? (
        <InlineLoadFailed onRetry={() => void learning.refetch()} retryTestId="learning-retry" />
      ) : learning.isPending ? (
        <div aria-busy="true" data-testid="learning-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        // Keyed by what was saved: a save or another merchant starts the edits afresh.
        <LearningEditor key={`${merchantId}:${learning.data.update_time ?? ''}`} merchantId={merchantId} settings={learning.data} canEdit={canEdit} />
      )}
    </section>
  );
}

function LearningEditor({ merchantId, settings, canEdit }: { merchantId: number; settings: LearningSettings; canEdit: boolean }) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  const saved = useMemo(() => draftOf(settings), [settings]);
  const [draft, setDraft] = useState<LearningDraft>(saved);
  const [confirm, confirmDialog] = useConfirm();
  const save = useSetLearning();
  const languages = settings.beliefs.languages;
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const shown = languages.find((entry) => entry.language === picked) ?? mainLanguage(languages);
  // The brief's offer decides whether the plan may open on it at all (the same read as the brief form's).
  const brief = useBrief(merchantId);
  const off = offWithout(brief.data?.offer);
  const dirty = !sameDraft(draft, saved);
  const arms = settings.arms as Record<LearningDimension, readonly string[]>;

  const ask = () => {
    const body = bodyOf(merchantId, draft, settings.arms);
    const checked = api.creative.learningSet.request.safeParse(body);
    if (!checked.success) {
      notifyError(translateMessage(checked.error.issues[0]?.message ?? 'validation.invalid_option'));
      return;
    }
    const lines = changeLines(t, draft, arms, language);
    confirm({
      title: t('learning.confirm_title'),
      body: (
        <div data-testid="learning-confirm-body">
          <p>{t('learning.confirm_body')}</p>
          {lines.length > 0 ? (
            <ul className="learning__confirm-list">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>{t('learning.confirm_none')}</p>
          )}
        </div>
      ),
      okText: t('learning.save'),
      onOk: () =>
        save
          .mutateAsync(body)
          .then(() => notifySuccess(t('learning.saved')))
          .catch((error: unknown) => {
            if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('learning.save_failed'), error));
            throw error;
          }),
    });
  };

  return (
    <>
      {!canEdit && (
        <p className="learning-muted" data-testid="learning-read-only">
          <EyeOutlined aria-hidden="true" /> {t('learning.read_only')}
        </p>
      )}
      <div className="learning__beliefs-bar">
        {languages.length > 1 && shown && (
          <Segmented
            size="small"
            value={shown.language}
            onChange={(value) => setPicked(String(value))}
            options={languages.map((entry) => ({ value: entry.language, label: t(`language.${entry.language}`) }))}
            aria-label={t('learning.language_pick')}
            data-testid="learning-language"
          />
        )}
        <p className="learning-muted learning__source" data-testid="learning-source">
          {t('learning.source', { draws: settings.beliefs.draws, days: settings.beliefs.window_days })}
        </p>
      </div>
      {isEmptyDraft(saved) && (
        <p className="learning-muted" data-testid="learning-empty">
          {t('learning.empty')}
        </p>
      )}
      <div className="learning__grid">
        {LEARNING_DIMENSIONS.map((dimension) => (
          <LearningDimensionCard
            key={dimension}
            dimension={dimension}
            arms={arms[dimension]}
            draft={draft}
            standings={standingsOf(arms[dimension], draft, dimension, beliefsByArm(shown, dimension), off[dimension])}
            beliefs={beliefsByArm(shown, dimension)}
            onPin={canEdit ? (arm) => setDraft((current) => togglePin(current, dimension, arm)) : undefined}
            onBan={canEdit ? (arm) => setDraft((current) => toggleBan(current, dimension, arm, arms[dimension])) : undefined}
          />
        ))}
      </div>
      {canEdit && dirty && (
        <div className="learning__save" role="group" aria-label={t('learning.unsaved')} data-testid="learning-unsaved">
          <span className="learning-muted">{t('learning.unsaved')}</span>
          <Button icon={<UndoOutlined />} onClick={() => setDraft(saved)} disabled={save.isPending} data-testid="learning-discard">
            {t('learning.discard')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} onClick={ask} loading={save.isPending} data-testid="learning-save">
            {t('learning.save')}
          </Button>
        </div>
      )}
      {confirmDialog}
    </>
  );
}
