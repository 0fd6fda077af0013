import { describe, expect, it } from 'vitest';
import { sandboxPage } from './sandbox-page.js';

describe('sandbox checkout page', () => {
  it('keeps its card within a 375 px phone: the padding counts inside the width', () => {
    // width min(420px, 100vw - 32px) plus 2 × 28px of padding overflowed a phone sideways
    // until the card was sized border-box (found by the checkout journey's screenshots).
    const html = sandboxPage('en', { id: 'cs_x', description: 'Plan', amountCents: 99_900, open: true, homeUrl: 'http://localhost' });
    const main = /\bmain \{([^}]*)\}/.exec(html)?.[1] ?? '';
    expect(main).toContain('box-sizing: border-box');
    expect(main).toContain('width: min(420px, calc(100vw - 32px))');
  });

  it('shows the amount and the three decisions while open', () => {
    const html = sandboxPage('en', { id: 'cs_y', description: 'Plan', amountCents: 99_900, open: true, homeUrl: 'http://localhost' });
    expect(html).toContain('data-testid="sandbox-amount">$999.00<');
    for (const decision of ['pay', 'decline', 'cancel']) expect(html).toContain(`action="/sandbox/checkout/cs_y/${decision}"`);
  });

  it('speaks the language it is asked for, its amount written as the app writes it there', () => {
    const open = { id: 'cs_z', description: 'Plan', amountCents: 123_450, open: true, homeUrl: 'http://localhost' };
    const zh = sandboxPage('zh', open);
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('沙盒收银台');
    expect(zh).toContain('data-testid="sandbox-amount">$1,234.50<');
    expect(zh).not.toMatch(/Sandbox checkout|Decline the card|Cancel and go back/);
    const es = sandboxPage('es', open);
    expect(es).toContain('<html lang="es-ES">');
    expect(es).toContain('Rechazar la tarjeta');
    // A plain "$" after the amount, never "US$", as on the Spanish plan pages.
    expect(es).toMatch(/data-testid="sandbox-amount">1\.?234,50\s\$</);
    expect(es).not.toMatch(/Sandbox checkout|US\$/);
  });
});
