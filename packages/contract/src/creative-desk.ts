import { z } from 'zod';
import { HOOK_STYLES, SCRIPT_LANGUAGES } from './creative-base.js';
import { draftApproveRequest } from './creative-plan.js';
import { render } from './creative-render.js';
import { script, scriptBody } from './creative-script.js';
import { id, idOf, pageOf, pageQuery } from './fields.js';

/**
 * A script the studio writes by hand on its desk (docs/decisions/086). The desk sends it as soon
 * as it is whole (the schema's rules pass), so it has an id, survives a reload through
 * script/list and is edited from then on with script/update like a generated one.
 */
export const scriptAddRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required'),
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }),
  body: scriptBody,
  /** How it opens, when the studio said so on the desk; left out, the script is filed as a question hook. */
  hook_style: z.enum(HOOK_STYLES, { error: 'validation.invalid_option' }).optional(),
});

// ---- The review queue's actions and the desk's scripts (docs/decisions/074) -----------------------

/** The most drafts one bulk approval takes: a studio's busy morning several times over. */
export const BULK_APPROVE_MAX = 500;

export const draftBulkApproveRequest = z.strictObject({
  /** The drafts to approve; an id named twice is answered once. */
  ids: z
    .array(id, { error: 'validation.invalid_option' })
    .min(1, { error: 'creative.drafts_required' })
    .max(BULK_APPROVE_MAX, { error: 'validation.too_big' }),
  platforms: draftApproveRequest.shape.platforms,
  require_approval: draftApproveRequest.shape.require_approval,
});
/** One draft's answer: its render when approved, else why not; each draft succeeds or fails alone. */
export const bulkApproveResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  render: render.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResult>;
export const draftBulkApproveResponse = z.object({ results: z.array(bulkApproveResult) });

/** Renders a failed or cancelled render again, as the same render. */
export const renderRetryRequest = z.strictObject({ id });

export const scriptListRequest = z.strictObject({
  ...pageQuery,
  merchant_id: idOf('creative.merchant_required'),
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }).optional(),
  /** True: only the desk's scripts; false: only those off it; left out, all. */
  desk: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export const scriptListResponse = pageOf(script);

export const scriptUpdateRequest = z.strictObject({
  id,
  body: scriptBody.optional(),
  /** False takes the script off the desk (discarded); true puts it back. */
  desk: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
