import { Readable } from 'node:stream';
import { PublishError, type PlatformAccount, type PublishContext, type PublishOutcome, type Publisher, type VideoSource } from '../../adapters/publishing/publisher.js';

/** A video of `size` bytes held in memory, with a recognisable pattern so a fake can check what arrived. */
export function memoryVideo(size: number, durationSeconds: number | null = 20): VideoSource & { bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + 7) % 251;
  return {
    bytes,
    size,
    mimeType: 'video/mp4',
    fileName: 'clip.mp4',
    durationSeconds,
    open: (range) => Promise.resolve(Readable.from([range ? bytes.subarray(range.start, range.end) : bytes])),
  };
}

export interface DriverState {
  accessToken: string;
  refreshToken: string | null;
  checkpoint: Record<string, unknown> | null;
  /** What each attempt ended with, in order ('status' when a status check settled it). */
  attempts: string[];
  /** What each status check after an unknown outcome found. */
  checks: string[];
}

/**
 * What the publish engine does around an adapter, reduced to what an adapter test needs: the
 * checkpoint kept between attempts, a refused token refreshed once, a rate limit retried (the
 * fakes' wait is never real), and a lost answer checked with `status` first, as the engine does
 * for an unknown outcome (the job has no remote id yet, only its checkpoint): a post found there
 * is the outcome; "not posted yet" lets `publish` carry on from the checkpoint. The engine's own
 * tests cover the rest.
 */
export async function publishWithRetries(
  publisher: Publisher,
  state: DriverState,
  input: Omit<PublishContext, 'accessToken' | 'checkpoint' | 'save'>,
  maxAttempts = 6,
): Promise<PublishOutcome> {
  let refreshed = false;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    try {
      const outcome = await publisher.publish({
        ...input,
        accessToken: state.accessToken,
        checkpoint: state.checkpoint,
        save: (checkpoint) => {
          state.checkpoint = structuredClone(checkpoint);
          return Promise.resolve();
        },
      });
      state.attempts.push('ok');
      return outcome;
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      state.attempts.push(error.kind);
      if (error.kind === 'unauthorized' && !refreshed && state.refreshToken) {
        refreshed = true;
        const tokens = await publisher.refresh(state.refreshToken);
        state.accessToken = tokens.accessToken;
        state.refreshToken = tokens.refreshToken;
        continue;
      }
      if (error.kind === 'rate_limited' || error.kind === 'unavailable') continue;
      if (error.kind === 'unknown_outcome') {
        const status = await publisher.status({ accessToken: state.accessToken, account: input.account, remoteId: '', checkpoint: state.checkpoint });
        state.checks.push(status.remoteId ? status.state : 'not posted yet');
        if (status.state === 'reviewing' && !status.remoteId) continue;
        state.attempts.push('status');
        return { ...status, remoteId: status.remoteId ?? '' };
      }
      throw error;
    }
  }
  throw new Error(`no outcome after ${maxAttempts} attempts: ${state.attempts.join(', ')}`);
}

export const testAccount: PlatformAccount = { id: 'acct-1', name: 'Merchant' };
