import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { countryName, formatMoney, receiptPdf, textRuns, type ReceiptFacts } from './receipt-pdf.js';

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

describe('receipt PDF', () => {
  it('is a PDF in the asked language, the same bytes each time', async () => {
    const [en, zh, es] = await Promise.all([receiptPdf(facts, 'en-US'), receiptPdf(facts, 'zh-CN'), receiptPdf(facts, 'es-ES')]);
    for (const pdf of [en, zh, es]) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await receiptPdf(facts, 'en-US')).equals(en)).toBe(true);
    // The document title is stored as UTF-16 text outside the compressed streams.
    const title = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    expect(zh.includes(title('付款收据 R-000042'))).toBe(true);
    expect(es.toString('latin1')).toContain('Recibo de pago R-000042');
    const text = pdfText(zh);
    expect(text).toContain('付款收据');
    expect(text).toContain('晨光咖啡');
    expect(text).toContain('R-000042');
    expect(pdfText(en)).toContain('Payment receipt');
    expect(pdfText(en)).toContain('$1,998.00');
    expect(pdfText(es)).toContain('Recibo de pago');
    expect(pdfText(es)).toContain('Carmen Núñez');
  });
});

describe('the receipt’s date', () => {
  it('is written in the spec’s style (2026/03/05) in every language, as the UTC day', async () => {
    for (const language of ['en-US', 'zh-CN', 'es-ES'] as const) {
      const text = pdfText(await receiptPdf(facts, language));
      expect(text, language).toContain('2026/03/05 (UTC)');
      expect(text, language).not.toMatch(/March|marzo|3月/);
    }
    // Paid late on the 5th in California is the 6th in UTC: the receipt says the UTC day, and says so.
    const late = pdfText(await receiptPdf({ ...facts, paidAt: new Date('2026-03-06T06:30:00Z') }, 'en-US'));
    expect(late).toContain('2026/03/06 (UTC)');
  });
});

describe('receipt words', () => {
  it('names the payer’s country in the receipt’s language', () => {
    expect(countryName('United States', 'es-ES')).toBe('Estados Unidos');
    expect(countryName('United States', 'zh-CN')).toBe('美国');
    expect(countryName('United States', 'en-US')).toBe('United States');
    expect(countryName('Mexico', 'es-ES')).toBe('México');
    // A name that is no country it knows is written as stored.
    expect(countryName('Atlantis', 'es-ES')).toBe('Atlantis');
    expect(countryName('', 'zh-CN')).toBe('');
  });

  it('writes money as the web does: a plain dollar sign with cents, never "US$"', () => {
    expect(formatMoney(99_900, 'es-ES')).toMatch(/^999,00\s\$$/);
    expect(formatMoney(99_900, 'zh-CN')).toBe('$999.00');
    expect(formatMoney(99_900, 'en-US')).toBe('$999.00');
  });

  it('sets quotes and dots beside Latin letters in the Latin font, and leaves Chinese ones full width', () => {
    // The CJK font draws ’ a full em wide: "Carmen’s" came out "Carmen’ s".
    expect(textRuns('Carmen’s Tacos')).toEqual([
      { text: 'Carmen', latin: false },
      { text: '’', latin: true },
      { text: 's Tacos', latin: false },
    ]);
    expect(textRuns('Plan de marketing · Local Growth').find((run) => run.latin)?.text).toBe('·');
    expect(textRuns('营销套餐 · Local Growth').every((run) => !run.latin)).toBe(true);
    expect(textRuns('晨光“咖啡”').every((run) => !run.latin)).toBe(true);
    expect(textRuns('“the best” 晨光').filter((run) => run.latin).map((run) => run.text)).toEqual(['“', '”']);
    expect(textRuns('Growth 增长')).toEqual([{ text: 'Growth 增长', latin: false }]);
  });

  it('reads the payer’s name with its apostrophe as written, in Spanish with the country in Spanish', async () => {
    const carmen = { ...facts, payer: { ...facts.payer, company: 'Carmen’s Tacos Inc.', address: '42 Main St\nEstados Unidos' } };
    const pdf = await receiptPdf(carmen, 'es-ES');
    // The apostrophe is drawn in the Latin base font, which the PDF then names.
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica');
    const text = pdfText(pdf);
    expect(text).toContain('Carmen’s Tacos Inc.');
    expect(text).toContain('Estados Unidos');
    expect(text).toMatch(/1\.?998,00\s\$/);
    expect(text).not.toContain('US$');
  });
});
