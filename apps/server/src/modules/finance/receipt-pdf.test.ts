import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptPdf, type ReceiptFacts } from './receipt-pdf.js';

const facts: ReceiptFacts = {
  paymentId: 42,
  paidAt: new Date('2026-03-05T10:00:00Z'),
  item: 'Growth 增长',
  packageType: 'business',
  periods: 2,
  amountCents: 199_800,
  discountCents: 20_000,
  refundedCents: 50_000,
  provider: 'sandbox',
  providerRef: 'sbx_123',
  payer: { name: 'Carmen Núñez', company: '晨光咖啡', email: 'carmen@example.com', address: '1 Main St, Austin' },
};

/** The text a reader sees, through poppler's pdftotext when the machine has it. */
function textOf(pdf: Buffer): string | null {
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
    const file = path.join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

describe('receipt PDF', () => {
  it('is a PDF in the asked language, the same bytes each time', async () => {
    const [en, zh, es] = await Promise.all([receiptPdf(facts, 'en-US'), receiptPdf(facts, 'zh-CN'), receiptPdf(facts, 'es-ES')]);
    for (const pdf of [en, zh, es]) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await receiptPdf(facts, 'en-US')).equals(en)).toBe(true);
    // The document title is stored as UTF-16 text outside the compressed streams.
    const title = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    expect(zh.includes(title('付款收据 R-000042'))).toBe(true);
    expect(es.toString('latin1')).toContain('Recibo de pago R-000042');
    // With poppler at hand, the page text itself (CI machines may lack it).
    const text = textOf(zh);
    if (text === null) return;
    expect(text).toContain('付款收据');
    expect(text).toContain('晨光咖啡');
    expect(text).toContain('R-000042');
    expect(textOf(en)).toContain('Payment receipt');
    expect(textOf(en)).toContain('$1,998.00');
    expect(textOf(es)).toContain('Recibo de pago');
    expect(textOf(es)).toContain('Carmen Núñez');
  });
});
