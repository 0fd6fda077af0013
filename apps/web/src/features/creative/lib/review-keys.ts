import { useEffect, useRef } from 'react';

/** Keys the review mode answers (lower case, as KeyboardEvent.key gives them; Space is ' '). */
export type ReviewKey = 'j' | 'k' | 'a' | 'r' | 'e' | ' ' | '?' | '1' | '2' | '3' | '4' | '5';

/** Whether the key went to something the user types into: a shortcut there would eat a letter. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(type);
  }
  return target.closest('[role="textbox"], [role="combobox"]') !== null;
}

/**
 * Single-key shortcuts on the window while `enabled`. Nothing happens while the user types in a
 * field or holds a modifier (the browser's and the system's own shortcuts stay theirs).
 */
export function useReviewKeys(handlers: Partial<Record<ReviewKey, () => void>>, enabled: boolean) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = (event.key.length === 1 ? event.key.toLowerCase() : event.key) as ReviewKey;
      const handler = current.current[key];
      if (!handler) return;
      // Space would otherwise scroll the page or press the focused button as well.
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
