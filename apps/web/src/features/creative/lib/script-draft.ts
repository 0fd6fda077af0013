import {
  estimateScriptSeconds,
  PUBLISH_TARGETS,
  SCRIPT_LIMITS,
  scriptBody,
  type PublishTargetName,
  type ScriptBody,
  type ScriptLanguage,
} from '@nearcast/contract';
import { translateMessage } from '../../../lib/i18n';

/** One moment of a video as it is being edited: the words drawn on screen and the words said. */
export interface LineDraft {
  on_screen: string;
  spoken: string;
}

export interface CaptionDraft {
  platform: PublishTargetName;
  caption: string;
  hashtags: string[];
}

/** A script in the editor: the contract's body, every field present (a blank is an empty string). */
export interface ScriptDraft {
  title: string;
  hook: LineDraft;
  beats: LineDraft[];
  call_to_action: LineDraft;
  captions: CaptionDraft[];
}

export const blankLine = (): LineDraft => ({ on_screen: '', spoken: '' });

/** A script written by hand: the fewest beats a script may have, to be filled in. */
export function blankScript(): ScriptDraft {
  return {
    title: '',
    hook: blankLine(),
    beats: Array.from({ length: SCRIPT_LIMITS.beatsMin }, blankLine),
    call_to_action: blankLine(),
    captions: [],
  };
}

/**
 * A draft as something else kept it (this device's storage, from an older version of the page
 * perhaps): every field of the right kind, or null. Its words are not judged here; the editor
 * does that as for any draft.
 */
export function asScriptDraft(value: unknown): ScriptDraft | null {
  const isText = (text: unknown): text is string => typeof text === 'string';
  const asLine = (line: unknown): LineDraft | null => {
    const { on_screen, spoken } = (line ?? {}) as Partial<Record<keyof LineDraft, unknown>>;
    return isText(on_screen) && isText(spoken) ? { on_screen, spoken } : null;
  };
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Partial<Record<keyof ScriptDraft, unknown>>;
  const hook = asLine(draft.hook);
  const call = asLine(draft.call_to_action);
  const beats = Array.isArray(draft.beats) ? draft.beats.map(asLine) : null;
  const captions = Array.isArray(draft.captions) ? draft.captions : null;
  if (!isText(draft.title) || !hook || !call || !beats || beats.some((beat) => !beat) || !captions) return null;
  const keptCaptions = captions.flatMap((caption: unknown) => {
    const { platform, caption: text, hashtags } = (caption ?? {}) as Partial<Record<keyof CaptionDraft, unknown>>;
    const known = (PUBLISH_TARGETS as readonly unknown[]).includes(platform);
    return known && isText(text) && Array.isArray(hashtags) && hashtags.every(isText) ? [{ platform: platform as PublishTargetName, caption: text, hashtags }] : [];
  });
  return { title: draft.title, hook, beats: beats as LineDraft[], call_to_action: call, captions: keptCaptions };
}

/** A generated script, copied so that editing it never changes the answer it came in. */
export function draftOf(body: ScriptBody): ScriptDraft {
  const line = (value: LineDraft): LineDraft => ({ on_screen: value.on_screen, spoken: value.spoken });
  return {
    title: body.title,
    hook: line(body.hook),
    beats: body.beats.map(line),
    call_to_action: line(body.call_to_action),
    captions: body.captions.map((caption) => ({ platform: caption.platform, caption: caption.caption, hashtags: [...caption.hashtags] })),
  };
}

/**
 * A text's length as the contract counts it: trimmed, in UTF-16 units (zod's `max` on the
 * trimmed string), so the counter turns red exactly when the server would refuse the text.
 */
export function textLength(text: string): number {
  return text.trim().length;
}

export const canAddBeat = (draft: ScriptDraft) => draft.beats.length < SCRIPT_LIMITS.beatsMax;
export const canRemoveBeat = (draft: ScriptDraft) => draft.beats.length > SCRIPT_LIMITS.beatsMin;

export function addBeat(draft: ScriptDraft): ScriptDraft {
  return canAddBeat(draft) ? { ...draft, beats: [...draft.beats, blankLine()] } : draft;
}

export function removeBeat(draft: ScriptDraft, index: number): ScriptDraft {
  return canRemoveBeat(draft) ? { ...draft, beats: draft.beats.filter((_, at) => at !== index) } : draft;
}

/** Moves the beat at `from` to `to` (both within the list); anything else leaves the script as it is. */
export function moveBeat(draft: ScriptDraft, from: number, to: number): ScriptDraft {
  if (from === to || from < 0 || to < 0 || from >= draft.beats.length || to >= draft.beats.length) return draft;
  const beats = [...draft.beats];
  const [moved] = beats.splice(from, 1);
  beats.splice(to, 0, moved!);
  return { ...draft, beats };
}

export function setBeat(draft: ScriptDraft, index: number, line: LineDraft): ScriptDraft {
  return { ...draft, beats: draft.beats.map((beat, at) => (at === index ? line : beat)) };
}

/** The platforms a caption can still be added for (one caption per platform). */
export function platformsLeft(draft: ScriptDraft): PublishTargetName[] {
  const used = new Set(draft.captions.map((caption) => caption.platform));
  return PUBLISH_TARGETS.filter((platform) => !used.has(platform));
}

/** Seconds the video would last, by the contract's own estimate (the one the server holds it to). */
export function estimatedSeconds(draft: ScriptDraft, language: ScriptLanguage): number {
  return estimateScriptSeconds(draft, language);
}

export const tooLong = (seconds: number) => seconds > SCRIPT_LIMITS.secondsMax;

/** Where a problem is: the script's field path joined with dots, e.g. `beats.2.on_screen`. */
export type ScriptIssues = Record<string, string>;

/**
 * What the contract's schema says is wrong with the draft, each message in the user's language
 * under the path of the field it belongs to (first problem per field), so the editor can show
 * it beside that very line. Empty when the draft can be rendered.
 */
export function scriptIssues(draft: ScriptDraft): ScriptIssues {
  const result = scriptBody.safeParse(draft);
  if (result.success) return {};
  const issues: ScriptIssues = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_script';
    if (path in issues) continue;
    const params: Record<string, unknown> = {};
    if ('minimum' in issue) params.min = issue.minimum;
    if ('maximum' in issue) params.max = issue.maximum;
    issues[path] = translateMessage(issue.message, params);
  }
  return issues;
}
