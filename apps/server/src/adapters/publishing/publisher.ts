import type { Readable } from 'node:stream';
import type { PUBLISH_PLATFORMS } from '@nearcast/contract';

/** A social platform a merchant's videos go to, or the embedded sandbox that stands in for them. */
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];
export type PublishTarget = PublishPlatform | 'sandbox';

/**
 * How a platform takes a video. `api`: the adapter uploads and publishes through the platform's
 * official API. `assisted`: the platform offers third parties no publishing API, so a person
 * posts by hand and pastes the post's link; the adapter then reads what the public API gives.
 */
export type PublishMode = 'api' | 'assisted';

/** What a platform's token endpoint answers; times are absolute so they can be stored. */
export interface TokenSet {
  accessToken: string;
  /** Absent where the platform issues none (the access token is then long-lived or re-authorized). */
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

/** The platform account a connection publishes to, as the platform names it. */
export interface PlatformAccount {
  id: string;
  name: string;
}

export interface AuthorizeInput {
  state: string;
  redirectUri: string;
  /** S256 challenge of the verifier kept server-side; ignored by platforms without PKCE. */
  codeChallenge: string;
}

export interface ExchangeInput {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/** The final video file, readable as often as an attempt needs (a retry re-reads a range). */
export interface VideoSource {
  size: number;
  mimeType: string;
  fileName: string;
  durationSeconds: number | null;
  /** Bytes [start, end) of the file; the whole file without arguments. */
  open(range?: { start: number; end: number }): Promise<Readable>;
}

/** A still of the video (its material's thumbnail), for platforms whose publish call requires a cover. */
export interface CoverSource {
  mimeType: string;
  open(): Promise<Readable>;
}

/**
 * Everything an adapter's multi-step upload needs to resume. The engine stores `checkpoint`
 * (the platform's publish id, container id, upload URL, parts done …) through `save` before the
 * adapter makes its next remote call, so a retry or a restart continues where the last attempt
 * stopped instead of uploading or posting again.
 */
export interface PublishContext {
  accessToken: string;
  account: PlatformAccount;
  video: VideoSource;
  title: string;
  /** The caption in the post's language with its hashtags already appended. */
  caption: string;
  hashtags: string[];
  language: string;
  /** Null when the video has no still; a platform that requires one refuses the post. */
  cover?: CoverSource | null;
  checkpoint: Record<string, unknown> | null;
  save(checkpoint: Record<string, unknown>): Promise<void>;
  signal?: AbortSignal;
}

/**
 * Where a post stands on the platform. `reviewing`: accepted, being processed or moderated;
 * `published`: the platform took it (spec "publish success"); `approved`: it is public (spec
 * "all approved"); `failed` with the platform's reason.
 */
export type RemoteState = 'reviewing' | 'published' | 'approved' | 'failed';

export interface RemoteStatus {
  state: RemoteState;
  /** The platform's own id of the post once it exists (video id, media id, pin id …). */
  remoteId: string | null;
  url: string | null;
  reason: string | null;
  /** The platform only allowed a private post (e.g. an unaudited TikTok app): said, not hidden. */
  privateOnly: boolean;
}

export interface PublishOutcome extends RemoteStatus {
  /** The id `status` and `metrics` are asked with. */
  remoteId: string;
}

/** A metric the platform does not give is `null` (shown as not available), never 0. */
export interface VideoMetrics {
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  collections: number | null;
}

export interface RemoteRef {
  accessToken: string;
  account: PlatformAccount;
  remoteId: string;
  checkpoint: Record<string, unknown> | null;
}

/**
 * One platform behind one interface. Adapters are stateless: every call gets what it needs,
 * and every failure is a `PublishError` whose `kind` tells the engine what to do next.
 */
export interface Publisher {
  readonly platform: PublishTarget;
  readonly mode: PublishMode;
  /** The embedded stand-in: labelled as such wherever it appears. */
  readonly sandbox: boolean;
  /** Whether the platform's authorization takes a PKCE challenge. */
  readonly pkce: boolean;
  /** Posts per account per day the platform allows, where it documents one (read at run time where it can be). */
  dailyLimit(ref: { accessToken: string; account: PlatformAccount }): Promise<number | null>;
  authorizeUrl(input: AuthorizeInput): string;
  exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** `api` adapters only; an `assisted` one throws `PublishError('unsupported')`. */
  publish(ctx: PublishContext): Promise<PublishOutcome>;
  status(ref: RemoteRef): Promise<RemoteStatus>;
  metrics(ref: RemoteRef): Promise<VideoMetrics>;
  /** `assisted` adapters: the post's id read from the link a person pasted, or null if it is not one of this platform's. */
  parsePostUrl?(url: string): string | null;
}

/**
 * - `unauthorized`: the access token was refused; refresh, then carry on.
 * - `needs_reconnect`: the grant is gone (revoked, refresh token expired): the merchant must
 *   authorize again. Only this kind disconnects; a passing refresh error is `unavailable`.
 * - `rate_limited`: back off for `retryAfterSeconds` (or the engine's own backoff).
 * - `rejected`: the platform said no for good (bad file, policy); `reason` is its words.
 * - `unavailable`: the platform failed or could not be reached; safe to retry.
 * - `unknown_outcome`: the request may or may not have taken effect (a timeout after sending the
 *   publish call): check with `status` before anything is retried.
 * - `unsupported`: this adapter does not do that (an assisted platform asked to publish).
 */
export type PublishErrorKind = 'unauthorized' | 'needs_reconnect' | 'rate_limited' | 'rejected' | 'unavailable' | 'unknown_outcome' | 'unsupported';

export class PublishError extends Error {
  constructor(
    readonly kind: PublishErrorKind,
    message: string,
    readonly detail: { retryAfterSeconds?: number; status?: number; platformCode?: string } = {},
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/**
 * What a real adapter is built from: its client credentials and the bases of the platform's
 * endpoints, which a test points at its local fake on loopback.
 */
export interface PublisherOptions {
  clientId: string;
  clientSecret: string;
  /** Platform endpoint bases by name (e.g. `api`, `auth`, `upload`); defaults are the platform's documented hosts. */
  endpoints?: Partial<Record<string, string>>;
  fetch?: typeof fetch;
  /** Bytes per uploaded chunk where the platform uploads in chunks (tests make it small). */
  chunkSize?: number;
}
