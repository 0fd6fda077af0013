import { Checkpoint, metricsOf, statusOf } from './checkpoint.js';
import { MetaGraph, insightsByName } from './meta-graph.js';
import { asRecord, num, str } from './platform-http.js';
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

const SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'read_insights', 'business_management'];
const DEFAULT_CHUNK = 8 * 1024 * 1024;
/** Meta documents 30 API-published reels per Page in a moving 24 hours. */
const REELS_PER_DAY = 30;

/**
 * Facebook Page reels: `video_reels` with `upload_phase=start` (a video id and an upload URL),
 * the file to the upload URL with `offset` / `file_size`, then `upload_phase=finish` with
 * `video_state=PUBLISHED`, which posts the reel once Facebook has processed it. The video's
 * `status` (uploading, processing and publishing phases) is the progress; Reels insights give
 * plays, reactions, comments and shares.
 *
 * The connection publishes with the Page's token (which does not expire when it comes from a
 * long-lived user token). The refresh token is that user token with the Page's id, so a refused
 * Page token can be derived again while the user's grant stands.
 */
export class FacebookPublisher implements Publisher {
  readonly platform = 'facebook' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = false;
  private readonly meta: MetaGraph;
  private readonly chunkSize: number;

  constructor(options: PublisherOptions) {
    this.meta = new MetaGraph('Facebook', options);
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  }

  dailyLimit(): Promise<number | null> {
    return Promise.resolve(REELS_PER_DAY);
  }

  authorizeUrl(input: AuthorizeInput): string {
    return this.meta.authorizeUrl(input, SCOPES);
  }

  async exchange(input: ExchangeInput): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
    const user = await this.meta.exchangeCode(input.code, input.redirectUri);
    const page = await this.firstPage(user.accessToken, null);
    return { tokens: pageTokens(page, user), account: { id: page.id, name: page.name } };
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    const separator = refreshToken.indexOf(':');
    if (separator <= 0) throw new PublishError('needs_reconnect', 'Facebook: the stored grant is not one this adapter issued');
    const pageId = refreshToken.slice(0, separator);
    const user = await this.meta.longLived(refreshToken.slice(separator + 1));
    return pageTokens(await this.firstPage(user.accessToken, pageId), user);
  }

  async publish(ctx: PublishContext): Promise<PublishOutcome> {
    const checkpoint = new Checkpoint(ctx);
    const videoId = checkpoint.string('videoId') || (await this.startUpload(ctx, checkpoint));
    let current = await this.videoStatus(ctx.accessToken, videoId, ctx.signal);
    if (checkpoint.value.uploaded !== true && current.uploading !== 'complete') {
      // Facebook's own count of bytes it holds wins over ours: an answer may have been lost.
      const start = current.bytesTransferred ?? checkpoint.number('uploadedBytes') ?? 0;
      await this.meta.rupload(checkpoint.string('uploadUrl')!, ctx, start, this.chunkSize, (end) => checkpoint.save({ uploadedBytes: end }));
      await checkpoint.save({ uploaded: true });
      current = await this.videoStatus(ctx.accessToken, videoId, ctx.signal);
    }

    // Finishing posts the reel; ask first whether an earlier finish already got through.
    if (current.publishing === 'not_started' && current.video !== 'error') {
      await checkpoint.save({ finishRequestedAt: new Date().toISOString() });
      const finished = await this.meta.post(
        `${ctx.account.id}/video_reels`,
        ctx.accessToken,
        { upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: ctx.caption.slice(0, 5000), title: ctx.title.slice(0, 255) },
        { idempotent: false, signal: ctx.signal },
      );
      if (finished.success !== true) throw new PublishError('unknown_outcome', 'Facebook: upload_phase=finish did not confirm success');
      current = await this.videoStatus(ctx.accessToken, videoId, ctx.signal);
    }
    return { ...toRemote(current, videoId), remoteId: videoId };
  }

  status(ref: RemoteRef): Promise<RemoteStatus> {
    return statusOf(ref, 'videoId', async (videoId) => toRemote(await this.videoStatus(ref.accessToken, videoId), videoId));
  }

  /** Reels insights: plays, reactions by type (summed as likes), and comments and shares from social actions. Saves are not given. */
  metrics(ref: RemoteRef): Promise<VideoMetrics> {
    return metricsOf(ref, 'videoId', async (videoId) => {
      const body = await this.meta.get(`${videoId}/video_insights`, ref.accessToken, {
        metric: 'blue_reels_play_count,post_video_likes_by_reaction_type,post_video_social_actions',
      });
      const insights = insightsByName(body);
      const reactions = insights.get('post_video_likes_by_reaction_type')?.value;
      const social = insights.get('post_video_social_actions')?.value;
      const sum = (value: unknown) => (value && typeof value === 'object' ? Object.values(value).reduce<number>((total, n) => total + (num(n) ?? 0), 0) : null);
      return {
        plays: num(insights.get('blue_reels_play_count')?.value),
        likes: reactions === undefined ? null : (num(reactions) ?? sum(reactions)),
        comments: social && typeof social === 'object' ? (num(asRecord(social).COMMENT) ?? 0) : null,
        shares: social && typeof social === 'object' ? (num(asRecord(social).SHARE) ?? 0) : null,
        collections: null,
      };
    });
  }

  private async startUpload(ctx: PublishContext, checkpoint: Checkpoint): Promise<string> {
    // Starting a session makes an unpublished video object, not a post: safe to repeat.
    const started = await this.meta.post(`${ctx.account.id}/video_reels`, ctx.accessToken, { upload_phase: 'start' }, { idempotent: true, signal: ctx.signal });
    const videoId = str(started.video_id);
    const uploadUrl = str(started.upload_url);
    if (!videoId || !uploadUrl) throw new PublishError('unavailable', 'Facebook: upload_phase=start answered without video_id or upload_url');
    await checkpoint.save({ videoId, uploadUrl, uploadedBytes: 0 });
    return videoId;
  }

  private async firstPage(userToken: string, pageId: string | null): Promise<{ id: string; name: string; token: string }> {
    const body = await this.meta.get('me/accounts', userToken, { fields: 'id,name,access_token,tasks' });
    const pages = (Array.isArray(body.data) ? body.data.map(asRecord) : []).filter((page) => str(page.access_token) && (!pageId || str(page.id) === pageId));
    const page = pages[0];
    if (!page) {
      throw new PublishError(
        pageId ? 'needs_reconnect' : 'rejected',
        pageId ? 'Facebook: this login no longer manages the connected Page' : 'Facebook: this login manages no Page to publish reels to',
      );
    }
    return { id: str(page.id)!, name: str(page.name) ?? str(page.id)!, token: str(page.access_token)! };
  }

  private async videoStatus(accessToken: string, videoId: string, signal?: AbortSignal): Promise<FbVideoStatus> {
    const body = await this.meta.get(videoId, accessToken, { fields: 'status,permalink_url' }, signal);
    const status = asRecord(body.status);
    const uploading = asRecord(status.uploading_phase);
    const processing = asRecord(status.processing_phase);
    const publishing = asRecord(status.publishing_phase);
    const errors = [processing.errors, uploading.errors, publishing.errors].flatMap((list) => (Array.isArray(list) ? list.map(asRecord) : []));
    const permalink = str(body.permalink_url);
    return {
      video: str(status.video_status) ?? 'processing',
      uploading: str(uploading.status),
      bytesTransferred: num(uploading.bytes_transferred),
      processing: str(processing.status),
      publishing: str(publishing.status) ?? 'not_started',
      publishStatus: str(publishing.publish_status),
      reason: errors.map((error) => str(error.message)).filter(Boolean).join('; ') || null,
      url: permalink ? new URL(permalink, 'https://www.facebook.com').toString() : null,
    };
  }
}

interface FbVideoStatus {
  video: string;
  uploading: string | null;
  bytesTransferred: number | null;
  processing: string | null;
  publishing: string;
  publishStatus: string | null;
  reason: string | null;
  url: string | null;
}

function toRemote(status: FbVideoStatus, videoId: string): RemoteStatus {
  if (status.video === 'error' || status.processing === 'error' || status.publishing === 'error' || status.video === 'upload_failed') {
    return { state: 'failed', remoteId: videoId, url: null, reason: status.reason ?? `Facebook reported ${status.video}`, privateOnly: false };
  }
  if (status.publishing === 'complete' && status.publishStatus === 'published') return { state: 'approved', remoteId: videoId, url: status.url, reason: null, privateOnly: false };
  // Finished and accepted, still processing before Facebook posts it.
  if (status.publishing === 'in_progress' || (status.publishing === 'complete' && status.publishStatus !== 'published')) {
    return { state: 'published', remoteId: videoId, url: status.url, reason: null, privateOnly: false };
  }
  return { state: 'reviewing', remoteId: videoId, url: null, reason: null, privateOnly: false };
}

/** The Page token to publish with; the refresh token keeps the Page's id and the long-lived user token. */
function pageTokens(page: { id: string; token: string }, user: TokenSet): TokenSet {
  return { accessToken: page.token, refreshToken: `${page.id}:${user.accessToken}`, accessExpiresAt: null, refreshExpiresAt: user.accessExpiresAt, scopes: user.scopes };
}
