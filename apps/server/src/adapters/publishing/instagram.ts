import { Checkpoint, NOT_POSTED_YET, checkpointString, postedSince } from './checkpoint.js';
import { MetaGraph, insightsByName } from './meta-graph.js';
import { asRecord, num, pause, str, type PollOptions } from './platform-http.js';
import {
  PublishError,
  type AuthorizeInput,
  type ExchangeInput,
  type PlatformAccount,
  type PublishContext,
  type PublishOutcome,
  type Publisher,
  type PublisherOptions,
  type RemoteRef,
  type RemoteStatus,
  type TokenSet,
  type VideoMetrics,
} from './publisher.js';

const SCOPES = ['instagram_basic', 'instagram_content_publish', 'instagram_manage_insights', 'pages_show_list', 'pages_read_engagement', 'business_management'];
const DEFAULT_CHUNK = 8 * 1024 * 1024;

/**
 * Instagram through the Graph API with Facebook Login for Business: a REELS media container
 * opened for a resumable upload (`upload_type=resumable`), the file sent to `rupload.facebook.com`
 * with `offset` / `file_size`, the container's `status_code` polled until FINISHED, then
 * `media_publish`. The account's `content_publishing_limit` is read at run time. Insights give
 * views, likes, comments, shares and saves.
 *
 * Only `media_publish` posts anything; before calling it the adapter saves when it did, and on a
 * retry it first asks the container: PUBLISHED means the last call worked although its answer
 * was lost, and the new media is found among the account's latest instead of posting again.
 */
export class InstagramPublisher implements Publisher {
  readonly platform = 'instagram' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly meta: MetaGraph;
  private readonly chunkSize: number;
  private readonly pollIntervalMs: number;
  private readonly pollAttempts: number;

  constructor(options: PublisherOptions, poll: PollOptions = {}) {
    this.meta = new MetaGraph('Instagram', options);
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
    this.pollIntervalMs = poll.pollIntervalMs ?? 10_000;
    this.pollAttempts = poll.pollAttempts ?? 30;
  }

  async dailyLimit(ref: { accessToken: string; account: PlatformAccount }): Promise<number | null> {
    const body = await this.meta.get(`${ref.account.id}/content_publishing_limit`, ref.accessToken, { fields: 'config,quota_usage' });
    const first = asRecord(Array.isArray(body.data) ? body.data[0] : undefined);
    return num(asRecord(first.config).quota_total);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return this.meta.authorizeUrl(input, SCOPES);
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const tokens = await this.meta.exchangeCode(input.code, input.redirectUri);
    const pages = await this.meta.get('me/accounts', tokens.accessToken, { fields: 'name,instagram_business_account{id,username}' });
    const list = Array.isArray(pages.data) ? pages.data.map(asRecord) : [];
    const linked = list.map((page) => asRecord(page.instagram_business_account)).find((ig) => str(ig.id));
    if (!linked) throw new PublishError('rejected', 'Instagram: no professional Instagram account is linked to a Facebook Page this login manages');
    const id = str(linked.id)!;
    return { tokens, account: { id, name: str(linked.username) ?? id } };
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.meta.longLived(refreshToken);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    const checkpoint = new Checkpoint(ctx);
    const done = checkpoint.string('mediaId');
    if (done) return { ...(await this.describeMedia(ctx.accessToken, done)), remoteId: done };

    const containerId = checkpoint.string('containerId') || (await this.createContainer(ctx, checkpoint));
    if (checkpoint.value.uploaded !== true) {
      // Bytes sent to a container are not a post; resending a range whose answer was lost is harmless.
      const start = checkpoint.number('uploadedBytes') ?? 0;
      await this.meta.rupload(checkpoint.string('uploadUri')!, ctx, start, this.chunkSize, (end) => checkpoint.save({ uploadedBytes: end }));
      await checkpoint.save({ uploaded: true });
    }

    const container = await this.waitForContainer(ctx.accessToken, containerId, ctx.signal);
    if (container.code === 'ERROR' || container.code === 'EXPIRED') {
      return { state: 'failed', remoteId: containerId, url: null, reason: container.detail ?? `container ${container.code.toLowerCase()}`, privateOnly: false };
    }
    let mediaId: string | null = null;
    if (container.code === 'PUBLISHED') {
      mediaId = await this.findPublished(ctx, checkpoint.string('publishStartedAt'));
      if (!mediaId) throw new PublishError('unknown_outcome', 'Instagram: the container is published but its media was not found among the latest posts');
    } else {
      await checkpoint.save({ publishStartedAt: new Date().toISOString() });
      const published = await this.meta.post(`${ctx.account.id}/media_publish`, ctx.accessToken, { creation_id: containerId }, { idempotent: false, signal: ctx.signal });
      mediaId = str(published.id);
      if (!mediaId) throw new PublishError('unknown_outcome', 'Instagram: media_publish answered without a media id');
    }
    await checkpoint.save({ mediaId });
    return { ...(await this.describeMedia(ctx.accessToken, mediaId)), remoteId: mediaId };
  }

  async status(ref: RemoteRef): Promise<RemoteStatus> {
    const mediaId = checkpointString(ref.checkpoint, 'mediaId') ?? (ref.remoteId && ref.remoteId !== checkpointString(ref.checkpoint, 'containerId') ? ref.remoteId : null);
    if (mediaId) return this.describeMedia(ref.accessToken, mediaId);
    const containerId = checkpointString(ref.checkpoint, 'containerId');
    if (!containerId) return NOT_POSTED_YET;
    const container = await this.container(ref.accessToken, containerId);
    if (container.code === 'ERROR' || container.code === 'EXPIRED') return { state: 'failed', remoteId: null, url: null, reason: container.detail ?? container.code, privateOnly: false };
    // Not posted yet (or posted with its answer lost): `publish` with the checkpoint settles which.
    return NOT_POSTED_YET;
  }

  /** Reels insights: `views` (which replaced `plays`), likes, comments, shares, saved. */
  async metrics(ref: RemoteRef): Promise<VideoMetrics> {
    const mediaId = checkpointString(ref.checkpoint, 'mediaId') ?? ref.remoteId;
    const insights = insightsByName(await this.meta.get(`${mediaId}/insights`, ref.accessToken, { metric: 'views,likes,comments,shares,saved' }));
    const metric = (name: string) => {
      const insight = insights.get(name);
      return insight ? (num(insight.total) ?? num(insight.value)) : null;
    };
    return { plays: metric('views'), likes: metric('likes'), comments: metric('comments'), shares: metric('shares'), collections: metric('saved') };
  }

  private async createContainer(ctx: PublishContext, checkpoint: Checkpoint): Promise<string> {
    // A container posts nothing by itself (it expires unpublished after a day): safe to repeat.
    const created = await this.meta.post(
      `${ctx.account.id}/media`,
      ctx.accessToken,
      { media_type: 'REELS', upload_type: 'resumable', caption: ctx.caption.slice(0, 2200), share_to_feed: 'true' },
      { idempotent: true, signal: ctx.signal },
    );
    const containerId = str(created.id);
    const uri = str(created.uri);
    if (!containerId || !uri) throw new PublishError('unavailable', 'Instagram: the container answered without id or upload uri');
    await checkpoint.save({ containerId, uploadUri: uri, uploadedBytes: 0 });
    return containerId;
  }

  private async describeMedia(accessToken: string, mediaId: string): Promise<RemoteStatus> {
    const media = await this.meta.get(mediaId, accessToken, { fields: 'id,permalink,media_product_type' });
    const permalink = str(media.permalink);
    // A published Reel is public at once; Instagram reports no separate review.
    return permalink
      ? { state: 'approved', remoteId: mediaId, url: permalink, reason: null, privateOnly: false }
      : { state: 'published', remoteId: mediaId, url: null, reason: null, privateOnly: false };
  }

  private async container(accessToken: string, containerId: string, signal?: AbortSignal): Promise<{ code: string; detail: string | null }> {
    const body = await this.meta.get(containerId, accessToken, { fields: 'status_code,status' }, signal);
    return { code: str(body.status_code) ?? 'IN_PROGRESS', detail: str(body.status) };
  }

  /** Polls as Meta advises; a container still processing after the budget is retried later, not failed. */
  private async waitForContainer(accessToken: string, containerId: string, signal?: AbortSignal): Promise<{ code: string; detail: string | null }> {
    for (let attempt = 0; attempt < this.pollAttempts; attempt++) {
      const current = await this.container(accessToken, containerId, signal);
      if (current.code !== 'IN_PROGRESS') return current;
      await pause(this.pollIntervalMs, signal);
    }
    throw new PublishError('unavailable', 'Instagram: the video is still processing', { retryAfterSeconds: 60 });
  }

  /** The media a lost `media_publish` answer created: the account's latest post with our caption since we called it. */
  private async findPublished(ctx: PublishContext, startedAt: string | undefined): Promise<string | null> {
    const after = postedSince(startedAt);
    const body = await this.meta.get(`${ctx.account.id}/media`, ctx.accessToken, { fields: 'id,caption,timestamp', limit: 25 }, ctx.signal);
    const caption = ctx.caption.slice(0, 2200);
    const match = (Array.isArray(body.data) ? body.data.map(asRecord) : []).find(
      (media) => str(media.caption) === caption && (Date.parse(str(media.timestamp) ?? '') || 0) >= after,
    );
    return match ? str(match.id) : null;
  }
}
