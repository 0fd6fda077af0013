import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCRIPT_LIMITS, type ScriptLanguage } from '@nearcast/contract';
import { Button, Input, Progress } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addBeat,
  canAddBeat,
  canRemoveBeat,
  estimatedSeconds,
  moveBeat,
  removeBeat,
  setBeat,
  tooLong,
  type LineDraft,
  type ScriptDraft,
  type ScriptIssues,
} from '../lib/script-draft';
import { CaptionsEditor } from './captions-editor';
import { LineEditor } from './line-editor';
import './script-desk.css';

interface ScriptEditorProps {
  language: ScriptLanguage;
  value: ScriptDraft;
  onChange: (next: ScriptDraft) => void;
  /** The contract's messages by field path; shown once the user has tried to render. */
  issues: ScriptIssues;
  testId: string;
}

/**
 * A script as the studio edits it: its title, the hook, three to six beats (added, removed and
 * moved with buttons that work from the keyboard), the call to action and a caption per
 * platform, with the estimated length of the video against the platforms' 60 seconds kept in
 * sight above it all.
 */
export function ScriptEditor({ language, value, onChange, issues, testId }: ScriptEditorProps) {
  const { t } = useTranslation('creative');
  const titleId = useId();
  const lineIssues = (path: string) => ({ on_screen: issues[`${path}.on_screen`], spoken: issues[`${path}.spoken`] });
  const beats = value.beats.length;

  return (
    <div className="cr-script" data-testid={testId}>
      <Timing language={language} draft={value} testId={`${testId}-timing`} />
      <div className="cr-script__title">
        <label htmlFor={titleId} className="cr-line__field-label">
          {t('script.title')}
        </label>
        <Input
          id={titleId}
          value={value.title}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
          status={issues.title ? 'error' : undefined}
          aria-invalid={issues.title ? true : undefined}
          placeholder={t('script.title_placeholder')}
          maxLength={100}
          data-testid={`${testId}-title`}
        />
        {issues.title && <p className="cr-field-error">{issues.title}</p>}
      </div>
      <LineEditor label={t('script.hook')} value={value.hook} onChange={(hook) => onChange({ ...value, hook })} language={language} issues={lineIssues('hook')} testId={`${testId}-hook`} />
      <div className="cr-script__beats" role="group" aria-label={t('script.beats_label', { number: beats, min: SCRIPT_LIMITS.beatsMin, max: SCRIPT_LIMITS.beatsMax })}>
        <p className="cr-script__beats-head">
          <span>{t('script.beats_label', { number: beats, min: SCRIPT_LIMITS.beatsMin, max: SCRIPT_LIMITS.beatsMax })}</span>
        </p>
        {issues.beats && <p className="cr-field-error">{issues.beats}</p>}
        <ol className="cr-script__beat-list">
          {value.beats.map((beat, index) => (
            // The position is the beat's identity: moving one swaps the texts, not the fields.
            <li key={index}>
              <LineEditor
                label={t('script.beat', { number: index + 1 })}
                value={beat}
                onChange={(line: LineDraft) => onChange(setBeat(value, index, line))}
                language={language}
                issues={lineIssues(`beats.${index}`)}
                testId={`${testId}-beat-${index + 1}`}
                actions={
                  <>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onChange(moveBeat(value, index, index - 1))} aria-label={t('script.beat_up', { number: index + 1 })} title={t('script.beat_up', { number: index + 1 })} data-testid={`${testId}-beat-${index + 1}-up`} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === beats - 1} onClick={() => onChange(moveBeat(value, index, index + 1))} aria-label={t('script.beat_down', { number: index + 1 })} title={t('script.beat_down', { number: index + 1 })} data-testid={`${testId}-beat-${index + 1}-down`} />
                    <Button size="small" type="text" icon={<DeleteOutlined />} disabled={!canRemoveBeat(value)} onClick={() => onChange(removeBeat(value, index))} aria-label={t('script.beat_remove', { number: index + 1 })} title={canRemoveBeat(value) ? t('script.beat_remove', { number: index + 1 }) : t('script.beats_min', { min: SCRIPT_LIMITS.beatsMin })} data-testid={`${testId}-beat-${index + 1}-remove`} />
                  </>
                }
              />
            </li>
          ))}
        </ol>
        <Button icon={<PlusOutlined />} block disabled={!canAddBeat(value)} onClick={() => onChange(addBeat(value))} data-testid={`${testId}-beat-add`}>
          {canAddBeat(value) ? t('script.beat_add') : t('script.beats_max', { max: SCRIPT_LIMITS.beatsMax })}
        </Button>
      </div>
      <LineEditor label={t('script.call_to_action')} value={value.call_to_action} onChange={(call_to_action) => onChange({ ...value, call_to_action })} language={language} issues={lineIssues('call_to_action')} testId={`${testId}-cta`} />
      <div className="cr-script__captions">
        <p className="cr-script__beats-head">{t('script.captions')}</p>
        <CaptionsEditor draft={value} onChange={(captions) => onChange({ ...value, captions })} issues={issues} testId={`${testId}-captions`} />
      </div>
    </div>
  );
}

/** The video's estimated length against the limit, as a meter that turns red past it. */
function Timing({ language, draft, testId }: { language: ScriptLanguage; draft: ScriptDraft; testId: string }) {
  const { t } = useTranslation('creative');
  const seconds = estimatedSeconds(draft, language);
  const over = tooLong(seconds);
  const max = SCRIPT_LIMITS.secondsMax;
  return (
    <div className={over ? 'cr-timing cr-timing--over' : 'cr-timing'} data-testid={testId} data-seconds={seconds} data-over={over ? 'true' : undefined}>
      <span className="cr-timing__text">{t('script.estimate', { seconds: seconds.toFixed(1), max })}</span>
      <Progress percent={Math.min(100, (seconds / max) * 100)} showInfo={false} size="small" status={over ? 'exception' : 'normal'} aria-label={t('script.estimate', { seconds: seconds.toFixed(1), max })} />
      {over && (
        <p className="cr-field-error" role="status">
          {t('script.too_long', { seconds: seconds.toFixed(1), max })}
        </p>
      )}
    </div>
  );
}
