import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@nearcast/contract';
import { once } from './once.js';
import { woffToSfnt } from './woff.js';

/**
 * The platform's PDF stack (pdfkit), shared by receipts and monthly reports. One font for every
 * language: Noto Sans SC covers Latin (with Spanish accents) and Simplified Chinese, and pdfkit
 * embeds only the glyphs a document uses, so a document stays a few tens of kilobytes.
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

/** pdfkit, loaded with the first document: most processes never make one. */
const pdfkit = once(async () => (await import('pdfkit')).default);

let fonts: { body: Buffer; bold: Buffer; ascender: number } | undefined;
/** The two weights, unwrapped on the first document and kept (about 5 MB). */
function pdfFonts() {
  if (!fonts) {
    const body = woffToSfnt(readFileSync(FONT_FILES.body));
    fonts = { body, bold: woffToSfnt(readFileSync(FONT_FILES.bold)), ascender: ascenderOf(body) };
  }
  return fonts;
}

/** As the web writes money in each language: a plain "$" with cents, never "US$". */
export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100);
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

export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** The document's bytes once `doc.end()` is called. */
  done: Promise<Buffer>;
  /** The page's left margin and the width between the margins. */
  left: number;
  width: number;
  /** Text at a place, each run in its font (textRuns), wrapping as one paragraph. */
  write(text: string, weight: 'body' | 'bold', size: number, x: number, y: number, options: PDFKit.Mixins.TextOptions): void;
}

/**
 * An A4 document with both weights registered as `body` and `bold`. Fixed dates in `info` keep
 * the same document byte-identical, whenever it is made again.
 */
export async function pdfDocument(info: { Title: string; CreationDate: Date }): Promise<PdfWriter> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Author: 'Nearcast', ModDate: info.CreationDate } });
  const { body, bold, ascender } = pdfFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write: PdfWriter['write'] = (text, weight, size, x, y, options) => {
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
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right, write };
}
