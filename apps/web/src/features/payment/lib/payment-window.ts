/**
 * The payment page opens in a window of its own (spec §4 "Payment flow"). Browsers allow a
 * popup only during the click that asked for it, and the checkout call answers after that
 * click is over: so an empty window is opened at once and pointed at the payment page when the
 * answer arrives.
 */
export function openBlankWindow(waitingText: string): Window | null {
  let win: Window | null = null;
  try {
    win = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!win) return null;
  try {
    // The window will show the provider's page: it gets no handle back on this one.
    win.opener = null;
    // Same origin until it navigates: say what is happening, in the product's dark look.
    win.document.title = waitingText;
    const { body, documentElement } = win.document;
    documentElement.style.background = '#0a0a12';
    body.style.cssText =
      'margin:0;min-height:100vh;display:grid;place-items:center;color:#a1a1b5;font:16px system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans SC",sans-serif';
    body.textContent = waitingText;
  } catch {
    // A browser that isolates the new window still lets it be pointed at the payment page.
  }
  return win;
}

/** Sends an opened window to the payment page; false when it is gone (closed by the user). */
export function pointWindow(win: Window | null, url: string): boolean {
  if (!win || win.closed) return false;
  try {
    win.location.replace(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh window on the payment page, from a click ("Reopen payment window"); false when the
 * browser blocked it. (The `noopener` feature would hide that: window.open then answers null.)
 */
export function reopenWindow(url: string): boolean {
  let win: Window | null = null;
  try {
    win = window.open(url, '_blank');
  } catch {
    return false;
  }
  if (!win) return false;
  try {
    win.opener = null;
  } catch {
    // Already on another origin: it has no way back to this page anyway.
  }
  return true;
}
