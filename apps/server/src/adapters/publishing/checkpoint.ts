import type { PublishContext, RemoteRef, RemoteStatus, VideoMetrics } from './publisher.js';

/**
 * How a multi-step publish resumes: what it saved before each remote call (`Checkpoint`), the one
 * call that posts made at most once (`postOnce`), and what `status` and `metrics` answer before
 * the post has an id.
 */

/**
 * The answer of `status` for a job whose remote post does not exist yet (an upload under way, or
 * a publish call whose answer was lost before the platform recorded it): the engine then carries
 * on with `publish` and the saved checkpoint, which asks the platform before posting anything.
 */
export const NOT_POSTED_YET: RemoteStatus = { state: 'reviewing', remoteId: null, url: null, reason: null, privateOnly: false };

/** Every metric not available: the post has no id yet, or the platform no longer shows it. */
export function noMetrics(): VideoMetrics {
  return { plays: null, likes: null, comments: null, shares: null, collections: null };
}

/** The id a remote call is about: the one saved in the checkpoint, else the job's (empty while unknown). */
export function idFrom(ref: { remoteId: string; checkpoint: Record<string, unknown> | null }, key: string): string | null {
  return checkpointString(ref.checkpoint, key) ?? (ref.remoteId || null);
}

/** A checkpoint field read back with its type, or undefined. */
export function checkpointString(checkpoint: Record<string, unknown> | null, key: string): string | undefined {
  const value = checkpoint?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function checkpointNumber(checkpoint: Record<string, unknown> | null, key: string): number | undefined {
  const value = checkpoint?.[key];
  return typeof value === 'number' ? value : undefined;
}

/** `status` of a job's post by the id saved under `key`; not posted yet while there is none. */
export async function statusOf(ref: RemoteRef, key: string, describe: (id: string) => Promise<RemoteStatus>): Promise<RemoteStatus> {
  const id = idFrom(ref, key);
  return id ? describe(id) : NOT_POSTED_YET;
}

/** `metrics` of a job's post by the id saved under `key`; none available while there is no id. */
export async function metricsOf(ref: RemoteRef, key: string, read: (id: string) => Promise<VideoMetrics>): Promise<VideoMetrics> {
  const id = idFrom(ref, key);
  return id ? read(id) : noMetrics();
}

/** A publish attempt's checkpoint: the one it was handed, with every step saved on top as it is taken. */
export class Checkpoint {
  private current: Record<string, unknown>;

  constructor(private readonly ctx: Pick<PublishContext, 'checkpoint' | 'save'>) {
    this.current = { ...ctx.checkpoint };
  }

  get value(): Readonly<Record<string, unknown>> {
    return this.current;
  }

  string(key: string): string | undefined {
    return checkpointString(this.current, key);
  }

  number(key: string): number | undefined {
    return checkpointNumber(this.current, key);
  }

  async save(patch: Record<string, unknown>): Promise<void> {
    this.current = { ...this.current, ...patch };
    await this.ctx.save(this.current);
  }
}

/** How far before a posting call's saved start a post it made may be dated: the platform's clock and ours differ. */
const CLOCK_SLACK_MS = 120_000;

/** The earliest creation time (epoch ms) a post made by a call started at `startedAt` can carry; 0 when unknown. */
export function postedSince(startedAt: string | undefined): number {
  return (Date.parse(startedAt ?? '') || 0) - CLOCK_SLACK_MS;
}

export interface PostingStep {
  /** Where the call's start time is saved. */
  startedKey: string;
  /** Where the post's id is saved once known. */
  idKey: string;
  /** More to save together with the start (what the call was made with). */
  with?: Record<string, unknown>;
  now?: () => Date;
  /** The post a lost answer made, among the account's posts created since `after` (epoch ms), or null. */
  find(after: number): Promise<string | null>;
  /** The call that posts; its answer's post id. */
  post(): Promise<string>;
}

/**
 * The one call that posts, made at most once across attempts: its start is saved before it goes,
 * so a later attempt first looks for the post an earlier one made (its answer lost) instead of
 * posting again. The post's id is saved before it is returned.
 */
export async function postOnce(checkpoint: Checkpoint, step: PostingStep): Promise<string> {
  const startedAt = checkpoint.string(step.startedKey);
  let id = startedAt ? await step.find(postedSince(startedAt)) : null;
  if (!id) {
    await checkpoint.save({ ...step.with, [step.startedKey]: (step.now?.() ?? new Date()).toISOString() });
    id = await step.post();
  }
  await checkpoint.save({ [step.idKey]: id });
  return id;
}
