import type { Language } from '@nearcast/contract';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from '../../lib/woff.js';

/**
 * A payment's receipt as a PDF (pdfkit), in the reader's language. One font for every language:
 * Noto Sans SC covers Latin (with Spanish accents) and Simplified Chinese, and pdfkit embeds
 * only the glyphs a receipt uses, so a receipt stays a few tens of kilobytes.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  body: require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-700-normal.woff'),
};

/**
 * A font's ascender in thousandths of its size (hhea ascent over head's units per em): where
 * pdfkit puts the baseline below the top of a line, and so what a run in another font on the
 * same line is lowered by to share that baseline.
 */
export function ascenderOf(sfnt: Buffer): number {
  const tables = sfnt.readUInt16BE(4);
  const table = (tag: string) => {
    for (let index = 0; index < tables; index += 1) {
      const at = 12 + index * 16;
      if (sfnt.toString('latin1', at, at + 4) === tag) return sfnt.readUInt32BE(at + 8);
    }
    throw new Error(`no ${tag} table`);
  };
  return (sfnt.readInt16BE(table('hhea') + 4) * 1000) / sfnt.readUInt16BE(table('head') + 18);
}

let fonts: { body: Buffer; bold: Buffer; ascender: number } | undefined;
/** The two weights, unwrapped on the first receipt and kept (about 5 MB). */
function receiptFonts() {
  if (!fonts) {
    const body = woffToSfnt(readFileSync(FONT_FILES.body));
    fonts = { body, bold: woffToSfnt(readFileSync(FONT_FILES.bold)), ascender: ascenderOf(body) };
  }
  return fonts;
}

export interface ReceiptFacts {
  paymentId: number;
  paidAt: Date;
  item: string;
  packageType: 'business' | 'studio' | 'addon';
  periods: number;
  amountCents: number;
  discountCents: number;
  refundedCents: number;
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  payer: { name: string; company: string; email: string; address: string };
}

interface ReceiptTexts {
  title: string;
  number: string;
  date: string;
  billedTo: string;
  item: string;
  periods: string;
  discount: string;
  total: string;
  refunded: string;
  net: string;
  method: string;
  reference: string;
  provider: Record<ReceiptFacts['provider'], string>;
  kind: Record<ReceiptFacts['packageType'], string>;
  footer: string;
  days: (periods: number) => string;
}

export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = {
  'en-US': {
    title: 'Payment receipt',
    number: 'Receipt number',
    date: 'Payment date',
    billedTo: 'Billed to',
    item: 'Item',
    periods: 'Period',
    discount: 'Discount',
    total: 'Amount paid',
    refunded: 'Refunded',
    net: 'Net paid',
    method: 'Payment method',
    reference: 'Payment reference',
    provider: { sandbox: 'Sandbox card payment', stripe: 'Card (Stripe)' },
    kind: { business: 'Marketing plan', studio: 'Studio membership', addon: 'Add-on' },
    footer: 'Thank you for your business. Amounts are in US dollars (USD).',
    days: (periods) => `${periods * 30} days`,
  },
  'zh-CN': {
    title: '付款收据',
    number: '收据编号',
    date: '付款日期',
    billedTo: '付款方',
    item: '项目',
    periods: '期限',
    discount: '折扣',
    total: '实付金额',
    refunded: '已退款',
    net: '净付款',
    method: '支付方式',
    reference: '支付参考号',
    provider: { sandbox: '沙盒银行卡支付', stripe: '银行卡（Stripe）' },
    kind: { business: '营销套餐', studio: '工作室会员', addon: '附加服务' },
    footer: '感谢您的惠顾。金额以美元（USD）计。',
    days: (periods) => `${periods * 30} 天`,
  },
  'es-ES': {
    title: 'Recibo de pago',
    number: 'Número de recibo',
    date: 'Fecha de pago',
    billedTo: 'Facturado a',
    item: 'Concepto',
    periods: 'Periodo',
    discount: 'Descuento',
    total: 'Importe pagado',
    refunded: 'Reembolsado',
    net: 'Pago neto',
    method: 'Método de pago',
    reference: 'Referencia del pago',
    provider: { sandbox: 'Pago con tarjeta (entorno de pruebas)', stripe: 'Tarjeta (Stripe)' },
    kind: { business: 'Plan de marketing', studio: 'Membresía de estudio', addon: 'Complemento' },
    footer: 'Gracias por confiar en nosotros. Importes en dólares estadounidenses (USD).',
    days: (periods) => `${periods * 30} días`,
  },
};

/** `R-000123`: the receipt number people quote; the payment id, padded so receipts sort. */
export const receiptNumber = (paymentId: number) => `R-${String(paymentId).padStart(6, '0')}`;

/** As the web writes money in each language: a plain "$" with cents, never "US$". */
export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100);
}

let regionCodes: Map<string, string> | undefined;

/**
 * A country as the reader's language names it. Accounts store the area tree's English name
 * ("United States"), so the name is found among the English names of every region code and
 * said again in the reader's language ("Estados Unidos", "美国"); a name that is no known
 * country is written as stored.
 */
export function countryName(stored: string, language: Language): string {
  const name = stored.trim();
  if (name === '') return stored;
  if (!regionCodes) {
    const english = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    regionCodes = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        const found = english.of(code);
        if (found && !regionCodes.has(found.toLowerCase())) regionCodes.set(found.toLowerCase(), code);
      }
    }
  }
  const code = regionCodes.get(name.toLowerCase());
  return code ? (new Intl.DisplayNames(language, { type: 'region', fallback: 'none' }).of(code) ?? stored) : stored;
}

/**
 * Punctuation the CJK font draws a full em wide, with the mark in one half: right for Chinese
 * text, but beside Latin letters "Carmen’s" reads "Carmen’ s" and "plan · Growth" gapes. The
 * font's cut for the web (its subsets) has no proportional forms of them, so beside Latin text
 * they are drawn in Helvetica, a PDF base font every reader has, whose widths are Latin ones.
 */
const FULL_WIDTH_MARKS = new Set('§±¶·×÷‘’“”•…');
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const LATIN_FONT = { body: 'Helvetica', bold: 'Helvetica-Bold' } as const;

export interface TextRun {
  text: string;
  /** Drawn in the Latin base font instead of the CJK font. */
  latin: boolean;
}

/** The text cut where its font changes: full-width marks beside Latin text go to the Latin font. */
export function textRuns(text: string): TextRun[] {
  const chars = Array.from(text);
  const neighbour = (index: number, step: 1 | -1) => {
    for (let at = index + step; at >= 0 && at < chars.length; at += step) if (chars[at]!.trim() !== '') return chars[at]!;
    return '';
  };
  // A quote belongs to the text it opens or closes; other marks stand between two texts.
  const latinAt = (char: string, index: number) => {
    if (!FULL_WIDTH_MARKS.has(char)) return false;
    if (char === '’' || char === '”') return !CJK.test(neighbour(index, -1));
    if (char === '‘' || char === '“') return !CJK.test(neighbour(index, 1));
    return !CJK.test(neighbour(index, -1)) && !CJK.test(neighbour(index, 1));
  };
  const runs: TextRun[] = [];
  chars.forEach((char, index) => {
    const latin = latinAt(char, index);
    const last = runs[runs.length - 1];
    if (last && last.latin === latin) last.text += char;
    else runs.push({ text: char, latin });
  });
  return runs;
}

function formatDay(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

export function receiptPdf(facts: ReceiptFacts, language: Language): Promise<Buffer> {
  const texts = RECEIPT_TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // Fixed dates keep the same receipt byte-identical, whenever it is downloaded.
    info: { Title: `${texts.title} ${receiptNumber(facts.paymentId)}`, Author: 'Nearcast', CreationDate: facts.paidAt, ModDate: facts.paidAt },
  });
  const { body, bold, ascender } = receiptFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const accent = '#7c5cff';

  doc.font('bold').fontSize(22).fillColor(accent).text('Nearcast', left, 56);
  doc.font('bold').fontSize(16).fillColor('#111111').text(texts.title, left, 90);
  doc.moveDown(0.8);

  /** Text at a place, each run in its font (textRuns), wrapping as one paragraph. */
  const write = (text: string, weight: 'body' | 'bold', size: number, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    doc.fontSize(size);
    const runs = textRuns(text);
    runs.forEach((run, index) => {
      doc.font(run.latin ? LATIN_FONT[weight] : weight);
      const continued = index < runs.length - 1;
      // Each font would hang its text from its own ascender: a Latin run is set on the CJK
      // font's baseline instead, or its marks would float above the line.
      const baseline = run.latin ? -(ascender / 1000) * size : 'top';
      if (index === 0) doc.text(run.text, x, y, { ...options, continued, baseline });
      else doc.text(run.text, { continued, baseline });
    });
  };
  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.fillColor('#555555');
    write(label, 'body', 10, left, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc.fillColor('#111111');
    write(value, options.bold ? 'bold' : 'body', options.bold ? 12 : 10, left + width * 0.42, y, { width: width * 0.58 });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#cccccc').stroke();
    doc.y += 10;
  };

  row(texts.number, receiptNumber(facts.paymentId));
  row(texts.date, formatDay(facts.paidAt, language));
  rule();
  const payer = facts.payer;
  row(texts.billedTo, [payer.company, payer.name, payer.email, payer.address].filter((part) => part.trim() !== '').join('\n'));
  rule();
  row(texts.item, `${texts.kind[facts.packageType]} · ${facts.item}`);
  if (facts.packageType !== 'addon') row(texts.periods, texts.days(facts.periods));
  if (facts.discountCents > 0) row(texts.discount, `-${formatMoney(facts.discountCents, language)}`);
  row(texts.total, formatMoney(facts.amountCents, language), { bold: true });
  if (facts.refundedCents > 0) {
    row(texts.refunded, `-${formatMoney(facts.refundedCents, language)}`);
    row(texts.net, formatMoney(facts.amountCents - facts.refundedCents, language), { bold: true });
  }
  rule();
  row(texts.method, texts.provider[facts.provider]);
  row(texts.reference, facts.providerRef);
  doc.moveDown(2);
  doc.fillColor('#777777');
  write(texts.footer, 'body', 9, left, doc.y, { width });
  doc.end();
  return done;
}
