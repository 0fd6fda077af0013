import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { JoinRole } from '../lib/join-state';

const STEPS = ['register', 'pay', 'info'] as const;

/**
 * The three steps of joining (register → choose a plan and pay → complete the information),
 * with the ones behind the user ticked and the current one lit.
 */
export function JoinSteps({ role, current }: { role: JoinRole; current: 0 | 1 | 2 }) {
  const { t } = useTranslation('onboarding');
  return (
    <ol className="onb-steps" data-testid="join-steps">
      {STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={`onb-steps__item onb-steps__item--${state}`} data-testid={`join-step-${step}`} data-state={state}>
            <span className="onb-steps__marker" aria-hidden="true">
              {state === 'done' ? <CheckOutlined /> : index + 1}
            </span>
            <span className="onb-steps__text">
              <strong>{t(`steps.${step}.title`)}</strong>
              <span>{t(`steps.${step}.body.${role}`)}</span>
            </span>
            <span className="nc-visually-hidden">{t(`steps.state.${state}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
