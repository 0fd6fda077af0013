import { lineSeconds, SCRIPT_LIMITS, type ScriptLanguage } from '@nearcast/contract';
import { Input } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textLength, type LineDraft } from '../lib/script-draft';
import './script-desk.css';

interface LineEditorProps {
  /** What this line is: the hook, beat 2, the call to action. */
  label: string;
  value: LineDraft;
  onChange: (next: LineDraft) => void;
  language: ScriptLanguage;
  /** The schema's messages for this line's two texts, once the user has tried to render. */
  issues?: { on_screen?: string; spoken?: string };
  /** Buttons that move or remove the line. */
  actions?: ReactNode;
  readOnly?: boolean;
  testId: string;
}

/**
 * One line of a script: the words drawn on screen (two caption lines at most) and the words said
 * over it, each with a live count against the contract's limit, and how long the line will stay
 * on screen by the contract's own reckoning.
 */
export function LineEditor({ label, value, onChange, language, issues = {}, actions, readOnly, testId }: LineEditorProps) {
  const { t } = useTranslation('creative');
  const id = useId();
  const onScreenLength = textLength(value.on_screen);
  const spokenLength = textLength(value.spoken);
  const onScreenOver = onScreenLength > SCRIPT_LIMITS.onScreenMax;
  const spokenOver = spokenLength > SCRIPT_LIMITS.spokenMax;
  const onScreenError = issues.on_screen ?? (onScreenOver ? t('script.on_screen_over', { max: SCRIPT_LIMITS.onScreenMax }) : undefined);
  const spokenError = issues.spoken ?? (spokenOver ? t('script.spoken_over', { max: SCRIPT_LIMITS.spokenMax }) : undefined);
  return (
    <fieldset className="cr-line" data-testid={testId}>
      <legend className="cr-line__legend">
        <span className="cr-line__label">{label}</span>
        <span className="cr-line__seconds" data-testid={`${testId}-seconds`}>
          {t('script.line_seconds', { seconds: lineSeconds(value, language).toFixed(1) })}
        </span>
        {actions && <span className="cr-line__actions">{actions}</span>}
      </legend>
      <div className="cr-line__field">
        <span className="cr-line__field-head">
          <label htmlFor={`${id}-screen`} className="cr-line__field-label">
            {t('script.on_screen')}
          </label>
          <Counter id={`${id}-screen-count`} length={onScreenLength} max={SCRIPT_LIMITS.onScreenMax} testId={`${testId}-on-screen-count`} />
        </span>
        <Input
          id={`${id}-screen`}
          value={value.on_screen}
          onChange={(event) => onChange({ ...value, on_screen: event.target.value })}
          status={onScreenError ? 'error' : undefined}
          aria-invalid={onScreenError ? true : undefined}
          aria-describedby={`${id}-screen-count${onScreenError ? ` ${id}-screen-error` : ''}`}
          placeholder={t('script.on_screen_placeholder')}
          readOnly={readOnly}
          data-testid={`${testId}-on-screen`}
        />
        {onScreenError && (
          <p id={`${id}-screen-error`} className="cr-field-error" data-testid={`${testId}-on-screen-error`}>
            {onScreenError}
          </p>
        )}
      </div>
      <div className="cr-line__field">
        <span className="cr-line__field-head">
          <label htmlFor={`${id}-spoken`} className="cr-line__field-label">
            {t('script.spoken')}
          </label>
          <Counter id={`${id}-spoken-count`} length={spokenLength} max={SCRIPT_LIMITS.spokenMax} testId={`${testId}-spoken-count`} />
        </span>
        <Input.TextArea
          id={`${id}-spoken`}
          value={value.spoken}
          onChange={(event) => onChange({ ...value, spoken: event.target.value })}
          status={spokenError ? 'error' : undefined}
          aria-invalid={spokenError ? true : undefined}
          aria-describedby={`${id}-spoken-count${spokenError ? ` ${id}-spoken-error` : ''}`}
          autoSize={{ minRows: 1, maxRows: 5 }}
          placeholder={t('script.spoken_placeholder')}
          readOnly={readOnly}
          data-testid={`${testId}-spoken`}
        />
        {spokenError && (
          <p id={`${id}-spoken-error`} className="cr-field-error" data-testid={`${testId}-spoken-error`}>
            {spokenError}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** "12 / 60", red once over: read out with the field it describes. */
function Counter({ id, length, max, testId }: { id: string; length: number; max: number; testId: string }) {
  const { t } = useTranslation('creative');
  const over = length > max;
  return (
    <span id={id} className={over ? 'cr-count cr-count--over' : 'cr-count'} data-over={over ? 'true' : undefined} data-testid={testId}>
      {t('script.count', { length, max })}
    </span>
  );
}
