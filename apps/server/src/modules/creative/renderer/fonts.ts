import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { woffToSfnt } from '../../../lib/woff.js';
import { FontFace } from './font-face.js';
import type { LatinDisplayFont } from './look-types.js';

export { FontFace } from './font-face.js';

/**
 * The fonts burned into videos, all from npm (@fontsource, SIL Open Font License 1.1; sources
 * and licences in docs/decisions/079): Noto Sans SC for Chinese, Inter for Latin body text, and
 * three Latin display faces for a look's titles. @fontsource ships WOFF only, which libass
 * cannot read, so each is unwrapped once into a plain TrueType file in a cache directory, with
 * a fontconfig file that knows those files and nothing else.
 *
 * Text is drawn per script: Noto Sans SC has Latin letters, but its punctuation is CJK-width,
 * so "Carmen’s" drawn with it has a full-width gap after the n. Every run of Latin text (and
 * the punctuation inside it) takes the Latin font, every run of Chinese the CJK one
 * (`ScriptFace.runs`), and the ASS switches between them with \fn.
 *
 * Pointing ffmpeg's fontconfig at our own file matters twice: the static ffmpeg's fontconfig
 * otherwise scans every system font on its first run (about twenty seconds, again whenever
 * its cache cannot be written), and a glyph our fonts lack can never fall back to a system
 * font that differs from one machine to the next.
 */

const require = createRequire(import.meta.url);

interface FontSource {
  pkg: string;
  file: string;
  /** The name the unwrapped TrueType file is written under. */
  as: string;
}

const source = (pkg: string, file: string, as: string): FontSource => ({ pkg, file, as });

const SOURCES = {
  cjkRegular: source('@fontsource/noto-sans-sc', 'noto-sans-sc-chinese-simplified-400-normal.woff', 'NotoSansSC-Regular.ttf'),
  cjkBold: source('@fontsource/noto-sans-sc', 'noto-sans-sc-chinese-simplified-700-normal.woff', 'NotoSansSC-Bold.ttf'),
  latinRegular: source('@fontsource/inter', 'inter-latin-400-normal.woff', 'Inter-Regular.ttf'),
  latinBold: source('@fontsource/inter', 'inter-latin-700-normal.woff', 'Inter-Bold.ttf'),
  condensed: source('@fontsource/oswald', 'oswald-latin-700-normal.woff', 'Oswald-Bold.ttf'),
  rounded: source('@fontsource/fredoka', 'fredoka-latin-600-normal.woff', 'Fredoka-SemiBold.ttf'),
  serif: source('@fontsource/playfair-display', 'playfair-display-latin-700-normal.woff', 'PlayfairDisplay-Bold.ttf'),
} as const;

/** The npm packages the fonts come from (the render's cache key, and what the decision record lists). */
export const FONT_PACKAGES = [...new Set(Object.values(SOURCES).map((font) => font.pkg))];

/** What wrapping and measuring need of a face, whether one font or a pair chosen per script. */
export interface TextFace {
  /** The family a style names (its Fontname). */
  readonly family: string;
  lineHeight(size: number): number;
  has(codePoint: number): boolean;
  width(text: string, size: number): number;
}

/** A run of text drawn with one font. */
export interface FontRun {
  text: string;
  face: FontFace;
}

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef\ufe30-\ufe4f]/u;
const LATIN_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * A Latin font and a CJK font used as one: every character is drawn by the font of its script.
 * Letters and digits decide for themselves (CJK ideographs, kana and full-width forms the CJK
 * font, everything else the Latin one); punctuation and spaces belong to the run they stand in
 * (the apostrophe of "Carmen’s" to the Latin word, the quotes around 好吃 to the Chinese), and
 * take the first script that follows when nothing precedes them.
 */
export class ScriptFace implements TextFace {
  constructor(
    readonly latin: FontFace,
    readonly cjk: FontFace,
  ) {}

  get family(): string {
    return this.latin.family;
  }

  /** Both fonts are drawn at the same ASS size, which is each one's full line height. */
  lineHeight(size: number): number {
    return size;
  }

  has(codePoint: number): boolean {
    return this.latin.has(codePoint) || this.cjk.has(codePoint);
  }

  /** The font of each character of `text` (by code point, in order). */
  facesOf(text: string): FontFace[] {
    const chars = [...text];
    const strong = chars.map((char) => (CJK_CHARACTER.test(char) ? this.cjk : LATIN_CHARACTER.test(char) ? this.latin : null));
    const faces: FontFace[] = [];
    let previous: FontFace | null = null;
    for (const [index, char] of chars.entries()) {
      let face = strong[index] ?? previous ?? strong.slice(index + 1).find((candidate) => candidate !== null) ?? this.latin;
      const codePoint = char.codePointAt(0) ?? 0;
      // A character only the other font has is drawn by it rather than as a box.
      if (!face.has(codePoint)) face = face === this.latin ? this.cjk : this.latin;
      faces.push(face);
      if (strong[index]) previous = strong[index];
    }
    return faces;
  }

  runs(text: string): FontRun[] {
    const chars = [...text];
    const faces = this.facesOf(text);
    const runs: FontRun[] = [];
    for (const [index, char] of chars.entries()) {
      const face = faces[index] ?? this.latin;
      const last = runs[runs.length - 1];
      if (last && last.face === face) last.text += char;
      else runs.push({ text: char, face });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.face.width(run.text, size), 0);
  }
}

export interface CaptionFonts {
  /** The directory libass loads (the `ass` filter's fontsdir). */
  dir: string;
  /** A fontconfig file naming only `dir` (FONTCONFIG_FILE for ffmpeg). */
  fontconfigFile: string;
  /** The CJK family (every style's text falls back to it per run). */
  family: string;
  /** Every family in `dir`: libass may pick any of these and nothing else. */
  families: string[];
  /** Body text, bold and regular: Inter for Latin runs, Noto Sans SC for CJK runs. */
  bold: ScriptFace;
  regular: ScriptFace;
  /** A look's title face for each Latin display font, with Noto Sans SC Bold for CJK runs. */
  display: Record<LatinDisplayFont, ScriptFace>;
  cjk: { bold: FontFace; regular: FontFace };
}

let loading: Promise<CaptionFonts> | undefined;

/**
 * The caption fonts, unwrapped into `<root>/nearcast-fonts-<key>` on first use in this process
 * (reused across processes; each file written under a temporary name and renamed, so two
 * processes starting together never see half a font).
 */
export function captionFonts(root = os.tmpdir()): Promise<CaptionFonts> {
  loading ??= Promise.resolve().then(() => prepareFonts(root));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** A short key of the font packages' versions: a new release gets a fresh directory (and fontconfig cache). */
function versionKey(): string {
  const versions = FONT_PACKAGES.map((pkg) => {
    const file = require.resolve(`${pkg}/package.json`);
    return `${pkg}@${(JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version}`;
  });
  return crypto.createHash('sha256').update(versions.join('\n')).digest('hex').slice(0, 12);
}

function prepareFonts(root: string): CaptionFonts {
  const dir = path.join(root, `nearcast-fonts-${versionKey()}`);
  const fontsDir = path.join(dir, 'fonts');
  fs.mkdirSync(path.join(dir, 'cache'), { recursive: true });
  fs.mkdirSync(fontsDir, { recursive: true });
  const face = (font: FontSource) => {
    const file = path.join(fontsDir, font.as);
    let sfnt: Buffer;
    try {
      sfnt = fs.readFileSync(file);
    } catch {
      sfnt = woffToSfnt(fs.readFileSync(require.resolve(`${font.pkg}/files/${font.file}`)));
      writeAtomically(file, sfnt);
    }
    return new FontFace(file, sfnt);
  };
  const cjk = { regular: face(SOURCES.cjkRegular), bold: face(SOURCES.cjkBold) };
  const latinBold = face(SOURCES.latinBold);
  const bold = new ScriptFace(latinBold, cjk.bold);
  const regular = new ScriptFace(face(SOURCES.latinRegular), cjk.regular);
  const display: Record<LatinDisplayFont, ScriptFace> = {
    display_condensed: new ScriptFace(face(SOURCES.condensed), cjk.bold),
    display_rounded: new ScriptFace(face(SOURCES.rounded), cjk.bold),
    display_serif: new ScriptFace(face(SOURCES.serif), cjk.bold),
    body: bold,
  };
  const fontconfigFile = path.join(dir, 'fonts.conf');
  const conf = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <dir>${escapeXml(fontsDir)}</dir>`,
    `  <cachedir>${escapeXml(path.join(dir, 'cache'))}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  if (readOrNull(fontconfigFile) !== conf) writeAtomically(fontconfigFile, Buffer.from(conf));
  const families = [...new Set([cjk.bold.family, cjk.regular.family, bold.family, regular.family, ...Object.values(display).map((item) => item.family)])];
  return { dir: fontsDir, fontconfigFile, family: cjk.bold.family, families, bold, regular, display, cjk };
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
