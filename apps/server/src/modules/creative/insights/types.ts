/**
 * A post's outcome on one platform and the choices that made it (docs/decisions/084), as the
 * insights read it and the plan's learning imports it. A choice is null when the post was not
 * made from a render (a studio's own upload) or the fact was not known.
 */
export interface PostOutcome {
  postId: number;
  platform: string;
  merchantId: number;
  renderId: number | null;
  category: string | null;
  language: string | null;
  look: string | null;
  hookStyle: string | null;
  template: string | null;
  /** `short` (< 15 s), `medium` (15–30 s), `long` (> 30 s). */
  lengthBand: LengthBand | null;
  durationSeconds: number | null;
  /** What the first shot shows: a video material (`clip`) or an image (`photo`). */
  openingKind: OpeningKind | null;
  music: string | null;
  postedAt: Date;
  /** The hour it went out in the merchant's time zone, 0–23. */
  postingHour: number | null;
  /**
   * Plays by 24 hours (7 days) after it went out. The collector tells only growth, so a post
   * past that age with no reading told reads 0; a younger one null (not yet known).
   */
  plays24h: number | null;
  plays7d: number | null;
  /** The newest reading's numbers. */
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  /** (likes + comments + shares) / plays at the newest reading; null without plays. */
  engagementRate: number | null;
}

export const LENGTH_BANDS = ['short', 'medium', 'long'] as const;
export type LengthBand = (typeof LENGTH_BANDS)[number];
export const OPENING_KINDS = ['clip', 'photo'] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];

/** Which outcomes to read: posts since `since`, of some merchants, a category, a language. */
export interface OutcomeFilter {
  merchantIds?: readonly number[];
  category?: string;
  language?: string;
  since: Date;
  /** The newest this many (20,000 unless given): a read never takes a whole platform's history. */
  limit?: number;
}
