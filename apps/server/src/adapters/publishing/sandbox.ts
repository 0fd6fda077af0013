import { createHash, randomBytes } from 'node:crypto';
import {
  PublishError,
  type AuthorizeInput,
  type ExchangeInput,
  type PlatformAccount,
  type PublishContext,
  type PublishOutcome,
  type Publisher,
  type PublishTarget,
  type RemoteRef,
  type RemoteStatus,
  type TokenSet,
  type VideoMetrics,
} from './publisher.js';

/** How long the sandbox "processes" a video before it counts as taken, then as public. */
export const SANDBOX_REVIEW_MS = 2 * 60_000;
export const SANDBOX_APPROVE_MS = 5 * 60_000;
export const SANDBOX_DAILY_LIMIT = 25;
const ACCESS_TTL_MS = 2 * 3600_000;
const REFRESH_TTL_MS = 365 * 86_400_000;

/**
 * Which numbers each platform's own statistics API gives; the sandbox standing in for a
 * platform withholds the others the same way, so "not available" shows up where it will
 * with the real adapter (YouTube has no share count, Weibo no play count …).
 */
const METRICS_GIVEN: Record<PublishTarget, ReadonlyArray<keyof VideoMetrics>> = {
  sandbox: ['plays', 'likes', 'comments', 'shares', 'collections'],
  tiktok: ['plays', 'likes', 'comments', 'shares'],
  youtube: ['plays', 'likes', 'comments'],
  bilibili: ['plays', 'likes', 'comments', 'shares', 'collections'],
  instagram: ['plays', 'likes', 'comments', 'shares', 'collections'],
  weibo: ['likes', 'comments', 'shares'],
  pinterest: ['plays', 'collections'],
  vk: ['plays', 'likes', 'comments', 'shares'],
  kuaishou: ['plays', 'likes', 'comments'],
  facebook: ['plays', 'likes', 'comments', 'shares'],
};

/** A caption carrying this tag is refused, so the failure path can be seen without a real platform. */
export const SANDBOX_REJECT_TAG = '#sandbox-reject';

export interface SandboxOptions {
  /** The platform it stands in for; `sandbox` when it is a platform of its own. */
  platform?: PublishTarget;
  now?: () => Date;
}

/**
 * The embedded stand-in for a platform (design.md: publishing's embedded default). It keeps no
 * state: tokens carry their expiry, and a post's id carries the moment the sandbox accepted it,
 * so its status (reviewing, then published after two minutes, approved after five) and its
 * statistics (a saturating growth curve whose size and pace come from a hash of the id) are a
 * function of the id and the clock, the same on every instance and after every restart, and
 * tests can assert exact numbers. It still behaves like a platform where the engine needs it
 * to: it reads the whole file, refuses an expired token, resumes from a checkpoint instead of
 * posting again, and fails a post whose caption asks it to.
 */
export class SandboxPublisher implements Publisher {
  readonly platform: PublishTarget;
  readonly mode = 'api' as const;
  readonly sandbox = true;
  readonly pkce = true;
  private readonly now: () => Date;

  constructor(options: SandboxOptions = {}) {
    this.platform = options.platform ?? 'sandbox';
    this.now = options.now ?? (() => new Date());
  }

  dailyLimit(): Promise<number | null> {
    return Promise.resolve(SANDBOX_DAILY_LIMIT);
  }

  /** No outside consent page: the "platform" agrees at once and sends the browser back with a code. */
  authorizeUrl(input: AuthorizeInput): string {
    const url = new URL(input.redirectUri);
    url.searchParams.set('code', `sbx-code.${randomBytes(12).toString('base64url')}`);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    if (!input.code.startsWith('sbx-code.') || input.codeVerifier.length < 43) {
      return Promise.reject(new PublishError('rejected', 'The sandbox did not issue this authorization code', { status: 400 }));
    }
    const digest = hashHex(`${this.platform}:${input.code}`);
    return Promise.resolve({
      tokens: this.issue(),
      account: { id: `sbx-${digest.slice(0, 12)}`, name: `Sandbox ${this.platform} account ${digest.slice(0, 4)}` },
    });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    const expiresAt = expiryOf(refreshToken, 'sbxr1');
    if (expiresAt === null || expiresAt <= this.now().getTime()) {
      return Promise.reject(new PublishError('needs_reconnect', 'The sandbox refresh token is not valid any more', { status: 400 }));
    }
    return Promise.resolve(this.issue());
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    this.assertToken(ctx.accessToken);
    const resumed = typeof ctx.checkpoint?.remoteId === 'string' ? ctx.checkpoint.remoteId : null;
    if (resumed) return { ...(await this.status({ accessToken: ctx.accessToken, account: ctx.account, remoteId: resumed, checkpoint: ctx.checkpoint })), remoteId: resumed };
    if (ctx.caption.includes(SANDBOX_REJECT_TAG)) {
      throw new PublishError('rejected', `The sandbox refused the video because its caption carries ${SANDBOX_REJECT_TAG}`);
    }
    // Reads every byte as an upload would: a file that is missing or shorter than recorded
    // fails here, not silently.
    let received = 0;
    const stream = await ctx.video.open();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (ctx.signal?.aborted) throw new PublishError('unavailable', 'The upload was aborted');
      received += chunk.length;
    }
    if (received !== ctx.video.size) {
      throw new PublishError('rejected', `The sandbox received ${received} bytes of a ${ctx.video.size}-byte file`);
    }
    const acceptedAt = this.now().getTime();
    const remoteId = `sbx_${this.platform}_${acceptedAt.toString(36)}_${hashHex(`${ctx.account.id}:${ctx.video.fileName}:${ctx.caption}:${acceptedAt}`).slice(0, 10)}`;
    // Kept before answering, as a real adapter keeps a publish id before its next call.
    await ctx.save({ remoteId, acceptedAt });
    return { state: 'reviewing', remoteId, url: null, reason: null, privateOnly: false };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    try {
      this.assertToken(ref.accessToken);
      const elapsed = this.now().getTime() - acceptedAtOf(ref.remoteId);
      const state = elapsed < SANDBOX_REVIEW_MS ? 'reviewing' : elapsed < SANDBOX_APPROVE_MS ? 'published' : 'approved';
      return Promise.resolve({ state, remoteId: ref.remoteId, url: null, reason: null, privateOnly: false });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    try {
      this.assertToken(ref.accessToken);
      return Promise.resolve(sandboxMetrics(ref.remoteId, this.now(), this.platform));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  private issue(): TokenSet {
    const now = this.now().getTime();
    return {
      accessToken: `sbx1.${now + ACCESS_TTL_MS}.${randomBytes(16).toString('base64url')}`,
      refreshToken: `sbxr1.${now + REFRESH_TTL_MS}.${randomBytes(16).toString('base64url')}`,
      accessExpiresAt: new Date(now + ACCESS_TTL_MS),
      refreshExpiresAt: new Date(now + REFRESH_TTL_MS),
      scopes: ['video.publish', 'video.read'],
    };
  }

  private assertToken(token: string): void {
    const expiresAt = expiryOf(token, 'sbx1');
    if (expiresAt === null) throw new PublishError('unauthorized', 'The sandbox does not know this access token', { status: 401 });
    if (expiresAt <= this.now().getTime()) throw new PublishError('unauthorized', 'The sandbox access token has expired', { status: 401 });
  }
}

/**
 * The statistics of a sandbox post at a moment: nothing before it is taken, then plays that
 * grow towards a ceiling (a few hundred to about a hundred thousand, log-uniform by the id's
 * hash) with a time constant of half a day to three days, and reactions as steady fractions of
 * the plays. Monotonic in time, so snapshots only ever grow.
 */
export function sandboxMetrics(remoteId: string, at: Date, platform: PublishTarget = 'sandbox'): VideoMetrics {
  const acceptedAt = acceptedAtOf(remoteId);
  const hours = Math.max(0, (at.getTime() - acceptedAt - SANDBOX_REVIEW_MS) / 3600_000);
  const u = unitHashes(remoteId);
  const ceiling = Math.pow(10, 2.5 + 2.5 * u[0]!);
  const tau = 12 + 60 * u[1]!;
  const plays = Math.floor(ceiling * (1 - Math.exp(-hours / tau)));
  const all: VideoMetrics = {
    plays,
    likes: Math.floor(plays * (0.03 + 0.06 * u[2]!)),
    comments: Math.floor(plays * (0.002 + 0.008 * u[3]!)),
    shares: Math.floor(plays * (0.002 + 0.01 * u[4]!)),
    collections: Math.floor(plays * (0.004 + 0.016 * u[5]!)),
  };
  const given = METRICS_GIVEN[platform];
  return {
    plays: given.includes('plays') ? all.plays : null,
    likes: given.includes('likes') ? all.likes : null,
    comments: given.includes('comments') ? all.comments : null,
    shares: given.includes('shares') ? all.shares : null,
    collections: given.includes('collections') ? all.collections : null,
  };
}

/** Builds the id the sandbox would have given a post accepted at `acceptedAt` (demo data). */
export function sandboxRemoteId(platform: PublishTarget, acceptedAt: Date, seed: string): string {
  return `sbx_${platform}_${acceptedAt.getTime().toString(36)}_${hashHex(seed).slice(0, 10)}`;
}

function acceptedAtOf(remoteId: string): number {
  const match = /^sbx_[a-z]+_([0-9a-z]+)_[0-9a-f]{10}$/.exec(remoteId);
  const acceptedAt = match ? parseInt(match[1]!, 36) : NaN;
  if (!Number.isFinite(acceptedAt)) throw new PublishError('rejected', 'The sandbox has no post with this id', { status: 404 });
  return acceptedAt;
}

function expiryOf(token: string, prefix: string): number | null {
  const [head, expires, rest] = token.split('.');
  if (head !== prefix || !rest || !/^\d+$/.test(expires ?? '')) return null;
  return Number(expires);
}

function hashHex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six numbers in [0, 1) from the id, each from its own four bytes of its hash. */
function unitHashes(value: string): number[] {
  const digest = createHash('sha256').update(value).digest();
  return Array.from({ length: 6 }, (_, i) => digest.readUInt32BE(i * 4) / 2 ** 32);
}
