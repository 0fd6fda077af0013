import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { scriptLines, storedMessage, type Brief, type MusicBed, type VoiceEngineName } from '@nearcast/contract';
import { probe, type MediaTools } from '../../adapters/media/index.js';
import type { VoiceEngine, VoiceTrack } from '../../adapters/speech/index.js';
import { StorageNotFoundError, type FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import type { MaterialMedia } from '../material/service.js';
import { briefLanguageNotes } from './brief-language.js';
import { qrLinkOf } from './brief-service.js';
import type { Materials } from './ports.js';
import type { Attempt } from './render-attempt.js';
import { renderChoices } from './render-choices.js';
import type { RenderClip } from './renderer/render-graph.js';
import type { RenderInput } from './renderer/renderer.js';
import { autoMusicBed } from './renderer/music-beds.js';
import type * as repo from './repository.js';
import { plainDetail, toolOutputOf } from './tool-output.js';

/** The render's own short link for the end card's QR code, sent on to `target` (docs/decisions/083); null: the target itself. */
export interface RenderShortLinks {
  linkFor(render: { id: number; merchantId: number }, target: string | null, coupon: string): Promise<string | null>;
}

/** What gathering a render's inputs takes of the engine's dependencies. */
export interface RenderInputDeps {
  db: Db;
  storage: FileStorage;
  materials: Materials;
  tools: () => MediaTools;
  voices: Record<VoiceEngineName, Pick<VoiceEngine, 'speak'>>;
  shortLinks?: RenderShortLinks;
  now: () => Date;
}

/**
 * Gathers a render's inputs into its work folder: the clips (chosen from the library when
 * none were picked), the logo, the music and the voice. What cannot be used is left out with
 * a note, and the video is still made (from the brief alone when nothing is left).
 */
export async function gatherRenderInputs(deps: RenderInputDeps, row: repo.RenderRow, attempt: Attempt, brief: Brief, work: string, notes: string[]): Promise<Omit<RenderInput, 'size' | 'workDir' | 'timeoutMs'>> {
  const { materials } = deps;
  const signal = attempt.signal;
  const script = row.script;
  const language = row.language;
  const lines = scriptLines(script);
  // What this language's video does without a text the brief has in other languages (brief-language.ts).
  for (const note of briefLanguageNotes(brief, language)) if (!notes.includes(note)) notes.push(note);

  // Picked material in the storyboard's order (ids that are no longer an active material stay
  // as gaps to report); otherwise the look and material render-choices.ts picks from the library.
  const library = row.footagePicked ? null : await materials.libraryOf(row.merchantId, ['video', 'image'], 60);
  const chosen = await renderChoices(deps.db, row, library, lines.length, deps.now());
  let media: Array<MaterialMedia | number> = chosen.media;
  if (row.footagePicked) {
    const found = await materials.mediaOf(row.merchantId, row.footageIds);
    media = row.footageIds.map((id) => found.find((item) => item.id === id) ?? id);
  }
  const skipped: string[] = [];
  const clips: RenderClip[] = [];
  const used: number[] = [];
  for (const item of media) {
    if (typeof item === 'number' || (item.type !== 'video' && item.type !== 'image') || !item.width || !item.height) {
      skipped.push(typeof item === 'number' ? String(item) : item.name || String(item.id));
      continue;
    }
    const file = path.join(work, `clip-${clips.length}${path.extname(item.key) || '.bin'}`);
    // A material whose file is gone (deleted meanwhile, a bucket emptied by hand) or no longer
    // has a picture ffprobe can read (the file changed under it) is left out, not the video.
    if (!(await download(deps.storage, item.key, file)) || !(await hasPicture(deps.tools(), file))) {
      skipped.push(item.name || String(item.id));
      continue;
    }
    clips.push({ path: file, kind: item.type, duration: item.durationSeconds, width: item.width, height: item.height });
    attempt.inputs.set(file, item.name || String(item.id));
    used.push(item.id);
  }
  if (skipped.length > 0) notes.push(storedMessage('creative.note.skipped_material', { count: skipped.length, names: skipped.join(', ') }));
  // What was really used is what the render row remembers (and what is marked used).
  const opening = used[0] ?? null;
  if (used.join() !== row.footageIds.join() || row.look !== chosen.look.id || row.openingFootageId !== opening) {
    const updated = await attempt.held.tryWrite({ set: { footageIds: used, look: chosen.look.id, openingFootageId: opening } });
    if (!updated) await attempt.check();
    row.footageIds = used;
  }
  if (clips.length === 0) notes.push(storedMessage('creative.note.no_material'));

  let logoPath: string | null = null;
  if (brief.logo_footage_id !== null) {
    const [logo] = await materials.mediaOf(row.merchantId, [brief.logo_footage_id]);
    if (logo?.type === 'image') {
      const file = path.join(work, `logo${path.extname(logo.key) || '.img'}`);
      if (await download(deps.storage, logo.key, file)) {
        logoPath = file;
        attempt.inputs.set(file, logo.name || String(logo.id));
      }
    }
  }

  let music: RenderInput['music'] = null;
  const choice = row.music;
  if (choice === 'library' && row.musicFootageId !== null) {
    const [audio] = await materials.mediaOf(row.merchantId, [row.musicFootageId]);
    const file = path.join(work, `music${path.extname(audio?.key ?? '') || '.audio'}`);
    if (audio?.type === 'audio' && (await download(deps.storage, audio.key, file))) {
      music = { path: file };
      attempt.inputs.set(file, audio.name || String(audio.id));
    } else {
      // The chosen track is gone: the video keeps music, the tone's bed, and says so.
      music = { bed: bedForTone(brief.tone) };
      notes.push(storedMessage('creative.note.music_fallback'));
    }
  } else if (choice !== 'none') {
    music = { bed: choice === 'auto' ? autoMusicBed(row.seed || String(row.id)) : choice === 'library' ? bedForTone(brief.tone) : (choice as MusicBed) };
  }

  let voice: VoiceTrack | null = null;
  const engine = deps.voices[row.voice];
  if (engine && row.voice !== 'none') {
    try {
      voice = await engine.speak({ language, lines: lines.map((line) => ({ text: line.spoken, onScreen: line.on_screen })), workDir: work, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      // The voice engine's own words, without the paths and addresses a user has no use for.
      notes.push(storedMessage('creative.note.voice_fallback', { detail: plainDetail(toolOutputOf(error)) || '—' }));
    }
  }

  return {
    script,
    language,
    brand: {
      shopName: brief.shop_name,
      address: brief.address,
      primary: brief.brand_colors.primary,
      accent: brief.brand_colors.accent,
      callToAction: script.call_to_action.on_screen,
      qrLink: (await deps.shortLinks?.linkFor(row, qrLinkOf(brief), brief.coupon_code ?? '')) ?? qrLinkOf(brief),
      logoPath,
      phone: brief.phone,
      coupon: brief.coupon_code ?? '',
    },
    look: chosen.look,
    clips,
    music,
    voice,
  };
}

/** The bundled bed that suits a brief's tone. */
export function bedForTone(tone: Brief['tone']): MusicBed {
  switch (tone) {
    case 'energetic':
    case 'playful':
      return 'upbeat';
    case 'calm':
      return 'chill';
    default:
      return 'warm';
  }
}

/** Copies a stored file into the work folder; false when there is no such file. */
async function download(storage: FileStorage, key: string, file: string): Promise<boolean> {
  try {
    const { body } = await storage.get(key);
    await pipeline(body, createWriteStream(file));
    return true;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return false;
    throw error;
  }
}

/** Whether a file holds a picture ffprobe can read (a still counts; a cover inside a sound file does not). */
async function hasPicture(tools: MediaTools, file: string): Promise<boolean> {
  const probed = await probe(tools, file).catch(() => null);
  return probed?.streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic) ?? false;
}
