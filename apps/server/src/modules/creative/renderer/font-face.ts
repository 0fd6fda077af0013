import path from 'node:path';

/**
 * One font file as the renderer measures it: its family name, which characters it has and how
 * wide they are, read straight from the sfnt tables (no font library: three tables are enough).
 */

/** What the renderer needs of a font: its family name, which characters it has, how wide they are. */
export class FontFace {
  readonly family: string;
  /** The line's extent above and below the baseline, in ems (hhea, what FreeType gives libass). */
  readonly ascent: number;
  readonly descent: number;
  private readonly unitsPerEm: number;
  private readonly advances: Uint16Array;
  private readonly glyphs: Map<number, number>;

  constructor(
    readonly file: string,
    sfnt: Buffer,
  ) {
    const tables = tableDirectory(sfnt);
    const table = (tag: string) => {
      const offset = tables.get(tag);
      if (offset === undefined) throw new Error(`${path.basename(file)} has no ${tag} table`);
      return offset;
    };
    this.unitsPerEm = sfnt.readUInt16BE(table('head') + 18);
    this.ascent = sfnt.readInt16BE(table('hhea') + 4) / this.unitsPerEm;
    this.descent = -sfnt.readInt16BE(table('hhea') + 6) / this.unitsPerEm;
    // libass (as VSFilter) takes a font's height from OS/2's usWinAscent and usWinDescent when
    // they are set: Inter's are taller than its hhea ones, so it is drawn smaller than hhea says.
    const os2 = tables.get('OS/2');
    if (os2 !== undefined) {
      const winAscent = sfnt.readInt16BE(os2 + 74);
      const winDescent = sfnt.readInt16BE(os2 + 76);
      if (winAscent + winDescent !== 0) {
        this.ascent = winAscent / this.unitsPerEm;
        this.descent = winDescent / this.unitsPerEm;
      }
    }
    const metricsCount = sfnt.readUInt16BE(table('hhea') + 34);
    const hmtx = table('hmtx');
    this.advances = new Uint16Array(metricsCount);
    for (let glyph = 0; glyph < metricsCount; glyph += 1) this.advances[glyph] = sfnt.readUInt16BE(hmtx + glyph * 4);
    this.glyphs = readCmap(sfnt, table('cmap'));
    this.family = readFamilyName(sfnt, table('name'));
  }

  /**
   * The height of a line of text at `size` pixels: `size` itself. libass (as VSFilter before
   * it) asks FreeType for the font's real dimension, so an ASS font size is the height from
   * the font's ascender to its descender, not its em: Noto Sans SC at \fs96 has a 66 px em.
   */
  lineHeight(size: number): number {
    return size;
  }

  /** The em, in pixels, of text drawn by libass at `size`. */
  emOf(size: number): number {
    return size / (this.ascent + this.descent);
  }

  has(codePoint: number): boolean {
    return this.glyphs.has(codePoint);
  }

  /** The advance width of `text` drawn by libass at `size` (no kerning: wrapping leaves a margin for it). */
  width(text: string, size: number): number {
    let units = 0;
    for (const char of text) {
      const glyph = this.glyphs.get(char.codePointAt(0) ?? 0) ?? 0;
      units += this.advances[Math.min(glyph, this.advances.length - 1)] ?? 0;
    }
    return (units * this.emOf(size)) / this.unitsPerEm;
  }
}

function tableDirectory(sfnt: Buffer): Map<string, number> {
  const tables = new Map<string, number>();
  const count = sfnt.readUInt16BE(4);
  for (let index = 0; index < count; index += 1) {
    const at = 12 + index * 16;
    tables.set(sfnt.toString('latin1', at, at + 4), sfnt.readUInt32BE(at + 8));
  }
  return tables;
}

/** Code point → glyph from the Unicode cmap subtable (format 12 when present, else format 4). */
function readCmap(sfnt: Buffer, cmap: number): Map<number, number> {
  const count = sfnt.readUInt16BE(cmap + 2);
  const subtables: Array<{ format: number; offset: number }> = [];
  for (let index = 0; index < count; index += 1) {
    const at = cmap + 4 + index * 8;
    const platform = sfnt.readUInt16BE(at);
    const encoding = sfnt.readUInt16BE(at + 2);
    const offset = cmap + sfnt.readUInt32BE(at + 4);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) subtables.push({ format: sfnt.readUInt16BE(offset), offset });
  }
  const glyphs = new Map<number, number>();
  const full = subtables.find((table) => table.format === 12);
  if (full) {
    const groups = sfnt.readUInt32BE(full.offset + 12);
    for (let group = 0; group < groups; group += 1) {
      const at = full.offset + 16 + group * 12;
      const start = sfnt.readUInt32BE(at);
      const end = sfnt.readUInt32BE(at + 4);
      const first = sfnt.readUInt32BE(at + 8);
      for (let codePoint = start; codePoint <= end; codePoint += 1) glyphs.set(codePoint, first + codePoint - start);
    }
    return glyphs;
  }
  const basic = subtables.find((table) => table.format === 4);
  if (!basic) throw new Error('the font has no Unicode cmap');
  const at = basic.offset;
  const segments = sfnt.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment += 1) {
    const end = sfnt.readUInt16BE(ends + segment * 2);
    const start = sfnt.readUInt16BE(starts + segment * 2);
    const delta = sfnt.readInt16BE(deltas + segment * 2);
    const rangeAt = ranges + segment * 2;
    const range = sfnt.readUInt16BE(rangeAt);
    for (let codePoint = start; codePoint <= end && codePoint !== 0xffff; codePoint += 1) {
      let glyph: number;
      if (range === 0) glyph = (codePoint + delta) & 0xffff;
      else {
        const raw = sfnt.readUInt16BE(rangeAt + range + (codePoint - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) glyphs.set(codePoint, glyph);
    }
  }
  return glyphs;
}

/**
 * The family name libass matches a style's Fontname against (name id 1, Windows English). Read
 * rather than written down: @fontsource names this family "Noto Sans SC Thin" (the variable
 * font's default instance), and a later release may fix that.
 */
function readFamilyName(sfnt: Buffer, name: number): string {
  const count = sfnt.readUInt16BE(name + 2);
  const strings = name + sfnt.readUInt16BE(name + 4);
  for (let index = 0; index < count; index += 1) {
    const at = name + 6 + index * 12;
    const [platform, encoding, language, id, length, offset] = [0, 2, 4, 6, 8, 10].map((field) => sfnt.readUInt16BE(at + field)) as [number, number, number, number, number, number];
    if (platform === 3 && encoding === 1 && language === 0x409 && id === 1) {
      return sfnt.subarray(strings + offset, strings + offset + length).swap16().toString('utf16le');
    }
  }
  throw new Error('the font has no family name');
}
