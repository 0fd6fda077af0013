import { PROGRESS_BAR } from '@nearcast/contract';
import { useEffect, useRef, useState } from 'react';

interface ProgressState {
  value: number;
  visible: boolean;
}

/** Next trickle step: fast at first, slowing down so the bar never reaches the end by itself. */
export function trickle(value: number): number {
  const step = value < 0.5 ? 0.1 : value < 0.8 ? 0.04 : 0.01;
  return Math.min(value + step, 0.98);
}

/**
 * The thin bar at the top of the page while a navigation loads (spec §2 "Navigation",
 * §9: minimum 0.3, speed 500 ms). It starts at the minimum, trickles while work is pending,
 * then runs to the end and fades out.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [state, setState] = useState<ProgressState>({ value: 0, visible: false });
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = () => {
      // Timeouts and intervals share one id pool in browsers, so clearTimeout ends both kinds.
      for (const timer of timers.current) window.clearTimeout(timer);
      timers.current = [];
    };
    clear();
    if (active) {
      setState({ value: PROGRESS_BAR.minimum, visible: true });
      timers.current.push(
        window.setInterval(() => setState((s) => ({ ...s, value: trickle(s.value) })), PROGRESS_BAR.speedMs),
      );
    } else {
      setState((s) => (s.visible ? { value: 1, visible: true } : s));
      timers.current.push(
        window.setTimeout(() => setState((s) => ({ ...s, visible: false })), PROGRESS_BAR.speedMs),
        window.setTimeout(() => setState({ value: 0, visible: false }), PROGRESS_BAR.speedMs * 2),
      );
    }
    return clear;
  }, [active]);

  return (
    <div
      className="nc-progress"
      role="progressbar"
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.value * 100)}
      data-testid="progress-bar"
      style={{
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.value})`,
        transition: `transform ${PROGRESS_BAR.speedMs}ms ease, opacity ${PROGRESS_BAR.speedMs}ms ease`,
      }}
    />
  );
}
