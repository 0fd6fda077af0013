import { z } from 'zod';
import { id, integer, isoTime, optionalText, plainString } from './fields.js';
import { REVIEW_LINK_HOURS_DEFAULT, REVIEW_LINK_HOURS_MAX, VIDEO_APPROVALS, VIDEO_COMMENT_MAX } from './video-base.js';
import { target } from './video-fields.js';
import { videoCaption } from './video-posts.js';

// The merchant's approval of a post: through a review link (no sign-in) or inside the app.

export const videoReviewLinkRequest = z.strictObject({
  id,
  hours: integer(1, REVIEW_LINK_HOURS_MAX).default(REVIEW_LINK_HOURS_DEFAULT),
});
/** The token is shown once; only its hash is kept. */
export const videoReviewLinkResponse = z.object({ token: z.string(), url: z.string(), expires_at: isoTime });

const reviewToken = plainString().trim().min(1, { error: 'video.review_invalid' }).max(200, { error: 'video.review_invalid' });
export const videoReviewRequest = z.strictObject({ token: reviewToken });
/** The merchant approves its own post inside the app (signed in): no link needed. */
export const videoApproveRequest = z.strictObject({
  id,
  comment: optionalText(VIDEO_COMMENT_MAX, { multiline: true }).default(''),
});
/** The merchant asks for changes to its own post inside the app; what to change is required. */
export const videoChangesRequest = z.strictObject({
  id,
  comment: plainString({ error: 'video.comment_required', multiline: true })
    .trim()
    .min(1, { error: 'video.comment_required' })
    .max(VIDEO_COMMENT_MAX, { error: 'validation.too_long' }),
});
export const videoReviewDecisionRequest = z.strictObject({
  token: reviewToken,
  comment: optionalText(VIDEO_COMMENT_MAX, { multiline: true }).default(''),
});
export const videoReviewChangesRequest = z.strictObject({
  token: reviewToken,
  comment: plainString({ error: 'video.comment_required', multiline: true })
    .trim()
    .min(1, { error: 'video.comment_required' })
    .max(VIDEO_COMMENT_MAX, { error: 'validation.too_long' }),
});
/** What the merchant sees on the review page. */
export const videoReview = z.object({
  title: z.string(),
  merchant_name: z.string(),
  captions: z.array(videoCaption),
  platforms: z.array(z.object({ platform: target, sandbox: z.boolean() })),
  scheduled_at: isoTime.nullable(),
  video_url: z.string(),
  mime: z.string(),
  thumbnail_url: z.string().nullable(),
  url_expires_at: isoTime,
  approval: z.enum(VIDEO_APPROVALS),
  approval_comment: z.string().nullable(),
  /** The link's own end. */
  expires_at: isoTime,
  /** The link was already used to decide: the page shows the decision instead of the buttons. */
  decided: z.boolean(),
});
export type VideoReview = z.infer<typeof videoReview>;
