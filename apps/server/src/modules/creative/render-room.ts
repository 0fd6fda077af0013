import { CODES, estimateScriptSeconds, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import { AppError } from '../../errors.js';
import { humanBytes } from '../material/material-quota.js';
import type { MaterialService } from '../material/service.js';
import { encoderFor } from './renderer/render-graph.js';

/**
 * A video is queued only when the merchant's library has room for it and for those already
 * waiting (each becomes a material of the merchant when done): refused at the call, in words
 * about videos still to be made, not after three attempts and about "this file".
 */
export async function assertRenderRoom(
  materials: Pick<MaterialService, 'assertRoom'>,
  merchantId: number,
  render: { script: ScriptBody; language: ScriptLanguage; size: { width: number; height: number } },
  waiting: number,
): Promise<void> {
  const bytes = estimateRenderBytes(render.script, render.language, render.size) * (waiting + 1);
  await materials.assertRoom(merchantId, bytes, (used, quota, size) =>
    new AppError(CODES.tooLarge, 'creative.render_quota_exceeded', { used: humanBytes(used), quota: humanBytes(quota), size: humanBytes(size), waiting }),
  );
}

/**
 * About how many bytes a render's file will take: the encoder's ceiling (its maximum video
 * rate and the audio's) over the script's spoken length, and a cover. An over-estimate on
 * purpose: a render refused for room it would not have needed is asked again once room is made;
 * one accepted that cannot be stored fails after its work is done.
 */
export function estimateRenderBytes(script: ScriptBody, language: ScriptLanguage, size: { width: number; height: number }): number {
  const seconds = Math.max(1, Math.ceil(estimateScriptSeconds(script, language)));
  const encoder = encoderFor(size);
  return Math.ceil((seconds * (encoder.maxrateKbps + encoder.audioKbps) * 1000) / 8) + 200_000;
}
