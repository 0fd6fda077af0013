import { i18n } from './i18n';
import { notifyError, notifySuccess } from './notify';

/**
 * Copies text: the Clipboard API where the page may use it, else a hidden text area and the
 * older copy command (plain http, older browsers). Rejects when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Copies text and says how it went: `copied` when it worked, the spec's "Copy failed" when not. */
export function copyWithNotice(text: string, copied: string): Promise<void> {
  return copyText(text).then(
    () => notifySuccess(copied),
    () => notifyError(i18n.t('common:feedback.copy_failed')),
  );
}
