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
    const html = sandboxPage('es', { id: 'cs_y', description: 'Plan', amountCents: 99_900, open: true, homeUrl: 'http://localhost' });
    expect(html).toContain('data-testid="sandbox-amount">$999.00<');
    for (const decision of ['pay', 'decline', 'cancel']) expect(html).toContain(`action="/sandbox/checkout/cs_y/${decision}"`);
  });
});
