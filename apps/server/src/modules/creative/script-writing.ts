import { createHash } from 'node:crypto';
import type { Brief, HookStyle, PublishTargetName, ScriptBody, ScriptEngineName, ScriptLanguage } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import { briefIn, type LanguageBrief } from './brief-language.js';
import { unsafeBriefFields } from './script-guard.js';

/**
 * What every script engine is asked and answers (docs/decisions/049), and the rules they all
 * keep: brief text that must not reach a script, the "same script" fingerprint, and titles and
 * openings not to offer again. The engines (template-script-writer.ts, llm-script-writer.ts)
 * and their chooser (script-writer.ts) build on this file; it builds on neither.
 */

export interface ScriptRequest {
  /** The whole brief, or its view for the request's language (brief-language.ts): writers read only that view. */
  brief: Brief | LanguageBrief;
  language: ScriptLanguage;
  count: number;
  /** Every script opens this way; left out, the writer varies it across the scripts. */
  hookStyle?: HookStyle;
  /** The platforms that get a caption. */
  platforms: readonly PublishTargetName[];
  /** Fingerprints of this merchant's scripts of the last 30 days. */
  recent: ReadonlySet<string>;
  /**
   * Titles and opening lines (normalised, `textKey`) not to offer: the studio rejected them in
   * the last 30 days, or another draft of the day has the title (docs/decisions/075).
   */
  avoid?: ReadonlySet<string>;
  /** Deterministic seed for variation, e.g. `${merchantId}:${date}:${n}`. */
  seed: string;
}

export interface WrittenScript {
  body: ScriptBody;
  /** Which structure the script follows, as `<category>.<structure>`. */
  template: string;
  hook_style: HookStyle;
  fingerprint: string;
  engine: ScriptEngineName;
  /** storedMessage('creative.note.llm_fallback', { detail }) when the model failed, else null. */
  fallback_reason: string | null;
}

export interface ScriptWriter {
  /**
   * `count` scripts, each passing `scriptBody` and the length limit, different from each other
   * and from `recent`. Rejects only when `signal` aborts (or, in theory, when no new script
   * exists); a failing model is replaced by the templates, never surfaced as an error.
   */
  write(request: ScriptRequest, signal?: AbortSignal): Promise<WrittenScript[]>;
}

/** Where the writers say, at warn, that a script fell back or that brief or model text was left out. */
export type ScriptLog = Pick<FastifyBaseLogger, 'warn'>;

/** Brief text that asks for payment or a login, or talks to the writer, is left out of every script (script-guard.ts); the log says which. */
export function warnUnsafeBrief(request: Pick<ScriptRequest, 'brief' | 'language'>, log: ScriptLog | undefined): void {
  const fields = unsafeBriefFields(briefIn(request.brief, request.language));
  if (fields.length === 0) return;
  log?.warn(
    { merchant_id: request.brief.merchant_id, language: request.language, fields: fields.map((item) => `${item.field} (${item.kind})`) },
    'script writer left brief text out of the scripts',
  );
}

/** Text as the "same script" test sees it: case, width, spacing and punctuation do not make a script new. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A title or opening line as the "not again" test sees it. */
export function textKey(text: string): string {
  return normalise(text);
}

/** Whether a script opens with or is titled as something the request asks not to offer. */
export function offersAvoided(body: Pick<ScriptBody, 'title' | 'hook'>, avoid: ReadonlySet<string> | undefined): boolean {
  if (!avoid || avoid.size === 0) return false;
  return avoid.has(textKey(body.title)) || avoid.has(textKey(body.hook.on_screen));
}

/**
 * The "same script" test: a hash of the hook's and the beats' words, normalised. The title,
 * captions and call to action are left out because they repeat by design (the call to action
 * is the merchant's own); a script is the same when it would say and show the same things.
 */
export function scriptFingerprint(body: Pick<ScriptBody, 'hook' | 'beats'>): string {
  const text = [body.hook, ...body.beats].map((line) => `${normalise(line.on_screen)}|${normalise(line.spoken)}`).join('\n');
  return createHash('sha256').update(text).digest('hex');
}
