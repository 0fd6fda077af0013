import { inflateSync } from 'node:zlib';

/**
 * The text a reader sees in one of our PDFs, read back in plain TypeScript: a test of what a
 * receipt or a report says must run on every machine, and poppler's pdftotext is not on all of
 * them (a test that skips itself there asserts nothing).
 *
 * It reads what pdfkit writes, not any PDF: objects in the clear, content streams deflated,
 * each text run a `[<hex> kern …] TJ` in a font named `/F<n>`, an embedded font's glyph ids
 * mapped back to characters by its ToUnicode map, a standard font's bytes in WinAnsi. Runs on one
 * baseline join into one line (a line mixes fonts: a Latin quote beside Chinese text), and a new
 * baseline starts a new line.
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const fonts = new Map<string, (hex: string) => string>();
  for (const object of objects.values()) {
    for (const [, name, ref] of object.dict.matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
      const font = objects.get(Number(ref));
      if (font && name) fonts.set(name, decoderOf(font.dict, objects));
    }
  }
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (object.stream && /\bTf\b/.test(object.stream) && /\bTJ\b/.test(object.stream)) readContent(object.stream, fonts, lines);
  }
  return lines.join('\n');
}

interface PdfObject {
  dict: string;
  stream: string | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  // latin1 keeps one character per byte, so a stream's offsets in the text are its offsets in the file.
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    const at = body.indexOf('stream\n');
    if (at === -1) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const start = (match.index ?? 0) + match[0].indexOf(body) + at + 'stream\n'.length;
    const end = text.indexOf('\nendstream', start);
    const raw = pdf.subarray(start, end);
    let stream: string | null;
    try {
      stream = (dict.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      stream = null; // an image's bytes, say: nothing to read
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

/** WinAnsi's bytes 0x80–0x9f that are not Latin-1's (the standard fonts' encoding). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

function decoderOf(fontDict: string, objects: Map<number, PdfObject>): (hex: string) => string {
  const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(fontDict);
  const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
  if (!cmap) {
    return (hex) => {
      let out = '';
      for (let i = 0; i + 1 < hex.length; i += 2) {
        const byte = parseInt(hex.slice(i, i + 2), 16);
        out += WIN_ANSI[byte] ?? String.fromCharCode(byte);
      }
      return out;
    };
  }
  const glyphs = new Map<number, string>();
  const utf16 = (units: string) => String.fromCharCode(...(units.match(/[0-9a-fA-F]{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, from, , targets] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = parseInt(from ?? '0', 16);
    [...(targets ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(([, units], index) => glyphs.set(first + index, utf16(units ?? '')));
  }
  return (hex) => {
    let out = '';
    for (let i = 0; i + 3 < hex.length; i += 4) out += glyphs.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
    return out;
  };
}

function readContent(stream: string, fonts: Map<string, (hex: string) => string>, lines: string[]): void {
  let font: ((hex: string) => string) | undefined;
  let baseline: number | null = null;
  let newLine = true;
  for (const line of stream.split('\n')) {
    const tm = /^1 0 0 1 (\S+) (\S+) Tm$/.exec(line);
    if (tm) {
      const y = Number(tm[2]);
      // Within a point is the same line (a glyph's own offset moves it a little).
      if (baseline === null || Math.abs(y - baseline) > 1) newLine = true;
      baseline = y;
      continue;
    }
    const tf = /^\/(F\d+) \S+ Tf$/.exec(line);
    if (tf) {
      font = fonts.get(tf[1] ?? '');
      continue;
    }
    if (!font || !/\bTJ$|\bTj$/.test(line)) continue;
    const text = [...line.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => font!(hex ?? '')).join('');
    if (newLine || lines.length === 0) lines.push(text);
    else lines[lines.length - 1] += text;
    newLine = false;
  }
}
