import type { Language } from '@nearcast/contract';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

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
 * A WOFF (1.0) font unwrapped into the plain font file it compresses: the same tables, each
 * inflated by node's zlib. pdfkit reads WOFF itself, but inflates it in JavaScript on every
 * document (seconds for a CJK font, blocking the server); unwrapped once, a receipt takes
 * milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + 16 * numTables);
  let power = 1;
  let log = 0;
  while (power * 2 <= numTables) {
    power *= 2;
    log += 1;
  }
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(log, 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let index = 0; index < numTables; index += 1) {
    const entry = 44 + index * 20;
    const tableOffset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(tableOffset, tableOffset + compressed);
    const data = compressed < original ? inflateSync(raw) : raw;
    const at = 12 + index * 16;
    woff.copy(header, at, entry, entry + 4); // tag
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), at + 4); // checksum
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(original, at + 12);
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  }
  return Buffer.concat(parts);
}

let fonts: { body: Buffer; bold: Buffer } | undefined;
/** The two weights, unwrapped on the first receipt and kept (about 5 MB). */
function receiptFonts() {
  fonts ??= { body: woffToSfnt(readFileSync(FONT_FILES.body)), bold: woffToSfnt(readFileSync(FONT_FILES.bold)) };
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

export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
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
  const { body, bold } = receiptFonts();
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

  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font('body').fontSize(10).fillColor('#555555').text(label, left, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc.font(options.bold ? 'bold' : 'body').fontSize(options.bold ? 12 : 10).fillColor('#111111').text(value, left + width * 0.42, y, { width: width * 0.58 });
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
  doc.font('body').fontSize(9).fillColor('#777777').text(texts.footer, left, doc.y, { width });
  doc.end();
  return done;
}
