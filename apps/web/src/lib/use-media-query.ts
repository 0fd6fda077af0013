import { useSyncExternalStore } from 'react';

/** Phones: below antd's `md` breakpoint, where the side navigation becomes a drawer. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** The system setting "reduce motion" (an OS accessibility option, also a browser's). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * A media query read synchronously on the first render, so a phone never flashes the desktop
 * navigation (antd's useBreakpoint answers only after an effect).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
