import { formatDay, type Language } from '@nearcast/contract';
import { formatMoney, pdfDocument } from '../../lib/pdf-text.js';

export { ascenderOf, formatMoney, textRuns, type TextRun } from '../../lib/pdf-text.js';

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

/** A payment's receipt as a PDF (the platform's PDF stack, lib/pdf-text.ts), in the reader's language. */
export async function receiptPdf(facts: ReceiptFacts, language: Language): Promise<Buffer> {
  const texts = RECEIPT_TEXTS[language];
  // Fixed dates keep the same receipt byte-identical, whenever it is downloaded.
  const { doc, done, left, width, write } = await pdfDocument({ Title: `${texts.title} ${receiptNumber(facts.paymentId)}`, CreationDate: facts.paidAt });
  const accent = '#7c5cff';

  doc.font('bold').fontSize(22).fillColor(accent).text('Nearcast', left, 56);
  doc.font('bold').fontSize(16).fillColor('#111111').text(texts.title, left, 90);
  doc.moveDown(0.8);

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
  // In UTC, as every date the server writes: a receipt does not know the reader's zone, and the
  // same receipt must read the same day wherever it is opened.
  row(texts.date, `${formatDay(facts.paidAt, 'UTC')} (UTC)`);
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
