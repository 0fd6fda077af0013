import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a decision can be taken back before anything is sent. */
export const UNDO_MS = 10_000;

export type Decision = { kind: 'approve'; ids: number[]; label: string } | { kind: 'reject'; id: number; reason: string; label: string };

export interface PendingDecision {
  key: number;
  decision: Decision;
  /** When it is sent (ms since the epoch). */
  due: number;
}

export const idsOf = (decision: Decision): number[] => (decision.kind === 'approve' ? decision.ids : [decision.id]);

/**
 * Decisions held back for UNDO_MS before they are sent, so a key pressed by mistake costs
 * nothing: `decide` queues one, `undo` drops it unsent. Decisions still waiting when the view
 * closes are sent at once — leaving the page is not taking them back.
 */
export function useDecisionQueue(send: (decision: Decision) => Promise<void> | void, delayMs = UNDO_MS) {
  const [pending, setPending] = useState<PendingDecision[]>([]);
  const timers = useRef(new Map<number, { timer: ReturnType<typeof setTimeout>; decision: Decision }>());
  const sendRef = useRef(send);
  sendRef.current = send;
  const nextKey = useRef(1);

  const fire = useCallback((key: number) => {
    const entry = timers.current.get(key);
    if (!entry) return;
    timers.current.delete(key);
    setPending((current) => current.filter((item) => item.key !== key));
    void sendRef.current(entry.decision);
  }, []);

  const decide = useCallback(
    (decision: Decision) => {
      const key = nextKey.current++;
      const timer = setTimeout(() => fire(key), delayMs);
      timers.current.set(key, { timer, decision });
      setPending((current) => [...current, { key, decision, due: Date.now() + delayMs }]);
      return key;
    },
    [delayMs, fire],
  );

  const undo = useCallback((key: number) => {
    const entry = timers.current.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    timers.current.delete(key);
    setPending((current) => current.filter((item) => item.key !== key));
  }, []);

  useEffect(() => {
    const held = timers.current;
    return () => {
      for (const [, entry] of held) {
        clearTimeout(entry.timer);
        void sendRef.current(entry.decision);
      }
      held.clear();
    };
  }, []);

  return { pending, decide, undo, held: new Set(pending.flatMap((item) => idsOf(item.decision))) };
}
