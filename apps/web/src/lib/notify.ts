/**
 * Toasts from code that has no React context (the API client). The antd shell registers its
 * message API here once mounted; pages outside it (the landing page) fall back to a themed
 * static toast loaded on first use, so antd stays out of their first load.
 */
export interface Notifier {
  error(content: string): void;
  success(content: string): void;
}

let current: Notifier | null = null;

export function registerNotifier(notifier: Notifier | null): void {
  current = notifier;
}

function fallback(kind: 'error' | 'success', content: string): void {
  if (typeof window === 'undefined') return;
  import('./static-toast').then(
    ({ showToast }) => showToast(kind, content),
    () => console.error(content),
  );
}

export function notifyError(content: string): void {
  if (current) current.error(content);
  else fallback('error', content);
}

export function notifySuccess(content: string): void {
  if (current) current.success(content);
  else fallback('success', content);
}
