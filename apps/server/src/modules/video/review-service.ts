import { createHash, randomBytes } from 'node:crypto';
import { REVIEW_PATH, type ParsedRequestOf, type ResponseOf, type VideoReview, type api } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound, rejected } from '../../errors.js';
import type { EventService } from '../events/service.js';
import * as repo from './repository.js';
import type { VideoPostRow } from './repository.js';
import type { VideoService } from './service.js';

type Api = typeof api;

export interface ReviewSettings {
  publicUrl: string;
  urlTtlSeconds: number;
  now?: () => Date;
}

/**
 * The merchant's approval through a link (docs/decisions/032): no sign-in, the token is the only
 * credential, so only its SHA-256 is stored, it expires, a newer link or an edit of the post
 * closes it, and one decision uses it up. Approving releases the post if its time has come.
 */
export class ReviewService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly publishers: PublisherRegistry,
    private readonly events: Pick<EventService, 'record'>,
    private readonly posts: Pick<VideoService, 'releaseIfDue' | 'afterCommit'>,
    private readonly settings: ReviewSettings,
  ) {
    this.now = settings.now ?? (() => new Date());
  }

  /** A fresh link for a post not yet released; the post now waits for the merchant's approval. */
  async createLink(caller: Caller, body: ParsedRequestOf<Api['video']['reviewLink']>): Promise<ResponseOf<Api['video']['reviewLink']>> {
    if (!(await repo.findVisible(this.db, caller, body.id))) throw notFound();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + body.hours * 3600_000);
    await this.db.transaction(async (tx) => {
      const post = await repo.lockPost(tx, body.id);
      if (!post) throw notFound();
      if (post.releasedAt || post.status === 'cancelled' || post.status === 'done') throw conflict('video.not_editable');
      await repo.revokeReviewLinks(tx, post.id);
      await repo.insertReviewLink(tx, { postId: post.id, tokenHash: hashOf(token), createdById: caller.id, expiresAt });
      if (post.approval !== 'pending') await repo.updatePost(tx, post.id, { approval: 'pending', approvalComment: null, approvalAt: null });
      await this.events.record(tx, 'video.approval_requested', {
        actor_id: caller.id,
        subject_id: post.id,
        account_id: post.merchantId,
        payload: { post_id: post.id, title: post.title },
      });
    });
    const url = new URL(`${REVIEW_PATH}/${token}`, this.settings.publicUrl).toString();
    return { token, url, expires_at: expiresAt.toISOString() };
  }

  async read(token: string): Promise<VideoReview> {
    const link = await repo.findReviewLink(this.db, hashOf(token));
    this.assertOpen(link, { allowDecided: true });
    const post = await repo.findView(this.db, link!.postId);
    if (!post) throw notFound('video.review_invalid');
    return this.present(post, link!);
  }

  async approve(token: string, comment: string): Promise<VideoReview> {
    return this.decide(token, 'approved', comment === '' ? null : comment);
  }

  async requestChanges(token: string, comment: string): Promise<VideoReview> {
    return this.decide(token, 'changes_requested', comment);
  }

  /**
   * The merchant answers inside the app, signed in: its own post only (another's is not found),
   * while it waits for approval. The answer closes any review link still open, so the same
   * decision cannot be given twice through two doors.
   */
  async decideInApp(caller: Caller, id: number, decision: 'approved' | 'changes_requested', comment: string): Promise<void> {
    if (!(await repo.findVisible(this.db, caller, id))) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await repo.lockPost(tx, id);
      if (!post) throw notFound();
      await this.decideIn(tx, post, decision, comment === '' ? null : comment);
      await repo.revokeReviewLinks(tx, post.id);
    });
    await this.posts.afterCommit();
  }

  private async decide(token: string, decision: 'approved' | 'changes_requested', comment: string | null): Promise<VideoReview> {
    const now = this.now();
    const postId = await this.db.transaction(async (tx) => {
      const link = await repo.findReviewLink(tx, hashOf(token), { lock: true });
      this.assertOpen(link, { allowDecided: false });
      const post = await repo.lockPost(tx, link!.postId);
      if (!post) throw notFound('video.review_invalid');
      if (!(await repo.decideReviewLink(tx, link!.id, decision, comment, now))) throw conflict('video.review_decided');
      await this.decideIn(tx, post, decision, comment);
      return post.id;
    });
    await this.posts.afterCommit();
    const link = await repo.findReviewLink(this.db, hashOf(token));
    const post = await repo.findView(this.db, postId);
    return this.present(post!, link!);
  }

  /** The decision itself, whichever door it came through: once, and only while it is wanted. */
  private async decideIn(tx: Tx, post: VideoPostRow, decision: 'approved' | 'changes_requested', comment: string | null): Promise<void> {
    if (post.approval !== 'pending' || post.releasedAt || post.status === 'cancelled') throw conflict('video.review_not_needed');
    await repo.updatePost(tx, post.id, { approval: decision, approvalComment: comment, approvalAt: this.now() });
    await this.record(tx, post, decision, comment);
    if (decision === 'approved') await this.posts.releaseIfDue(tx, post.id);
  }

  private async record(tx: Tx, post: VideoPostRow, decision: 'approved' | 'changes_requested', comment: string | null): Promise<void> {
    // The merchant decided, through its link or in the app.
    const by = { actor_id: post.merchantId, subject_id: post.id, account_id: post.merchantId };
    if (decision === 'approved') {
      await this.events.record(tx, 'video.approval_given', { ...by, payload: { post_id: post.id, title: post.title, ...(comment ? { comment } : {}) } });
    } else {
      await this.events.record(tx, 'video.changes_requested', { ...by, payload: { post_id: post.id, title: post.title, comment } });
    }
  }

  private assertOpen(link: repo.ReviewLinkRow | undefined, options: { allowDecided: boolean }): void {
    if (!link || link.revokedAt) throw notFound('video.review_invalid');
    if (link.decidedAt) {
      if (options.allowDecided) return;
      throw conflict('video.review_decided');
    }
    if (link.expiresAt.getTime() <= this.now().getTime()) throw rejected('video.review_expired');
  }

  private async present(post: repo.VideoPostView, link: repo.ReviewLinkRow): Promise<VideoReview> {
    // The file URL lives no longer than the link that shows it.
    const seconds = Math.max(60, Math.min(this.settings.urlTtlSeconds, Math.floor((link.expiresAt.getTime() - this.now().getTime()) / 1000)));
    const [file, thumb] = await Promise.all([
      this.storage.signedUrl(post.fileKey, seconds),
      post.thumbKey ? this.storage.signedUrl(post.thumbKey, seconds) : null,
    ]);
    return {
      title: post.title,
      merchant_name: post.merchantName,
      captions: post.captions,
      platforms: post.platforms.map((platform) => ({
        platform,
        sandbox: platform === 'sandbox' || this.publishers.forNewConnection(platform)?.sandbox === true,
      })),
      scheduled_at: post.scheduledAt?.toISOString() ?? null,
      video_url: file.url,
      mime: post.fileMime,
      thumbnail_url: thumb?.url ?? null,
      url_expires_at: file.expiresAt.toISOString(),
      approval: post.approval,
      approval_comment: post.approvalComment,
      expires_at: link.expiresAt.toISOString(),
      decided: link.decidedAt !== null,
    };
  }
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
