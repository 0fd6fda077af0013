import { PUBLISH_TARGETS, SCRIPT_LIMITS, estimateScriptSeconds, scriptBody, type PublishTargetName, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import { guardScript, type Removed } from './script-guard.js';
import type { ScriptRequest } from './script-writing.js';
import { type ScriptPlan } from './script-structures.js';
import { clipText } from './script-text-fill.js';
import { writeCaptions } from './script-captions.js';
import { typesetScript } from './template-script-writer.js';

/**
 * What a language model's answer must look like, and how it is read: the JSON schema sent as
 * `response_format`, and the checks that turn an answer into a script body or a failure with a
 * short reason (the template engine then writes that script instead).
 */

export interface Failure {
  ok: false;
  /** Short, English, without secrets: it is shown to the studio inside the fallback note. */
  detail: string;
  /** The model is unusable for the rest of this call (down, timing out, refusing the request itself). */
  stop: boolean;
}
export type Attempt = { ok: true; body: ScriptBody; removed: Removed[] } | Failure;
export const failure = (detail: string, stop = false): Failure => ({ ok: false, detail, stop });

// ---------------------------------------------------------------------------------------------
// The schema of the answer

const lineSchema = (what: string) => ({
  type: 'object',
  description: what,
  properties: {
    on_screen: { type: 'string', description: `Words drawn on screen, at most ${SCRIPT_LIMITS.onScreenMax} characters.` },
    spoken: { type: 'string', description: `Voice-over for this moment, at most ${SCRIPT_LIMITS.spokenMax} characters.` },
  },
  required: ['on_screen', 'spoken'],
  additionalProperties: false,
});

/** The JSON schema of a script body, for `response_format`. */
export function scriptJsonSchema(platforms: readonly PublishTargetName[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Video title, at most 100 characters.' },
      hook: lineSchema('The first two seconds.'),
      beats: { type: 'array', description: `${SCRIPT_LIMITS.beatsMin} to ${SCRIPT_LIMITS.beatsMax} moments.`, items: lineSchema('One moment.') },
      call_to_action: lineSchema('The closing line.'),
      captions: {
        type: 'array',
        description: 'One post text per platform.',
        items: {
          type: 'object',
          properties: {
            // An enum may not be empty: with no platform asked for, the model is told to return none.
            platform: { type: 'string', enum: platforms.length > 0 ? [...new Set(platforms)] : [...PUBLISH_TARGETS] },
            caption: { type: 'string' },
            hashtags: { type: 'array', items: { type: 'string' }, description: `Without #, at most ${SCRIPT_LIMITS.hashtagsMax}.` },
          },
          required: ['platform', 'caption', 'hashtags'],
          additionalProperties: false,
        },
      },
    },
    required: ['title', 'hook', 'beats', 'call_to_action', 'captions'],
    additionalProperties: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the answer

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cleanHashtags(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const tag = item.replace(/[#\s]+/g, '');
    if (!tag || tag.length > SCRIPT_LIMITS.hashtagMax || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.slice(0, SCRIPT_LIMITS.hashtagsMax);
}

/** Whether the lines are in the language asked for: Chinese is told apart by its script, the others only from Chinese. */
function languageProblem(body: ScriptBody, language: ScriptLanguage): string | null {
  const text = [body.hook, ...body.beats, body.call_to_action].map((line) => `${line.on_screen} ${line.spoken}`).join(' ');
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  if (letters === 0) return 'no words in the script';
  if (language === 'zh' && han / letters < 0.3) return 'not written in Chinese';
  if (language !== 'zh' && han / letters > 0.3) return `not written in ${language === 'es' ? 'Spanish' : 'English'}`;
  return null;
}

/**
 * The model's JSON as a script body. The lines must pass the contract as they are (a line too
 * long for the screen is the model's failure, not something to cut silently); the title and
 * captions, which nobody sees on the video itself, are tidied: cut to length, hashtags without
 * `#`, captions for platforms not asked for dropped and missing ones written by the templates.
 */
export function readScript(content: unknown, request: ScriptRequest, plan: ScriptPlan): Attempt {
  if (!isRecord(content)) return failure('the answer is not a JSON object');
  const wanted = new Set(request.platforms);
  const captions = new Map<PublishTargetName, ScriptBody['captions'][number]>();
  for (const item of Array.isArray(content.captions) ? content.captions : []) {
    if (!isRecord(item) || typeof item.platform !== 'string') continue;
    const platform = item.platform as PublishTargetName;
    if (!wanted.has(platform) || captions.has(platform)) continue;
    const caption = typeof item.caption === 'string' ? clipText(item.caption.trim(), SCRIPT_LIMITS.captionMax) : '';
    captions.set(platform, { platform, caption, hashtags: cleanHashtags(item.hashtags) });
  }
  const title = typeof content.title === 'string' ? clipText(content.title.trim(), 100) : content.title;
  const parsed = scriptBody.safeParse({ title, hook: content.hook, beats: content.beats, call_to_action: content.call_to_action, captions: [...captions.values()] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failure(`invalid script (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unknown problem'})`);
  }
  // What the model wrote is untrusted until checked against the brief (script-guard.ts).
  const guarded = guardScript(parsed.data, request.brief, request.language);
  if (!guarded.ok) return failure(guarded.reason);
  const checked = scriptBody.safeParse(guarded.body);
  if (!checked.success) return failure('the script was left invalid by removing what the brief does not have');
  const seconds = estimateScriptSeconds(checked.data, request.language);
  if (seconds > SCRIPT_LIMITS.secondsMax) return failure(`script too long (${seconds} s)`);
  const wrongLanguage = languageProblem(checked.data, request.language);
  if (wrongLanguage) return failure(wrongLanguage);
  const kept = new Map(checked.data.captions.map((item) => [item.platform, item] as const));
  const missing = [...wanted].filter((platform) => !kept.has(platform));
  const filled = new Map([...kept, ...writeCaptions(checked.data, request.brief, request.language, missing, plan.seed).map((item) => [item.platform, item] as const)]);
  const body = scriptBody.parse(typesetScript({ ...checked.data, captions: [...wanted].map((platform) => filled.get(platform)!) }, request.language));
  return { ok: true, body, removed: guarded.removed };
}

