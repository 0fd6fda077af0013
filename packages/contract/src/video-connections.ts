import { z } from 'zod';
import { id, isoTime, keyword, pageOf, pageQuery, plainString } from './fields.js';
import { CONNECTION_STATES, PUBLISH_MODES } from './video-base.js';
import { target } from './video-fields.js';

// A merchant's accounts on the platforms: what can be connected, the connections, and connecting.

/** What the server can do with each platform right now (real adapter configured, or the sandbox). */
export const videoPlatform = z.object({
  platform: target,
  mode: z.enum(PUBLISH_MODES),
  /** The embedded stand-in: label it "Sandbox" wherever it appears. */
  sandbox: z.boolean(),
  /** A real adapter has its client id and secret configured; otherwise the platform cannot be connected. */
  available: z.boolean(),
  pkce: z.boolean(),
});
export const videoPlatformsResponse = z.object({ list: z.array(videoPlatform) });

/** One merchant × platform. Tokens never appear here or in any other answer. */
export const videoConnection = z.object({
  /** Null while not connected. */
  id: z.number().int().nullable(),
  merchant_id: z.number().int(),
  platform: target,
  state: z.enum(CONNECTION_STATES),
  sandbox: z.boolean(),
  mode: z.enum(PUBLISH_MODES),
  /** The account's name on the platform. */
  account_name: z.string().nullable(),
  connected_at: isoTime.nullable(),
  /** When the merchant must authorize again (the refresh grant's end, or the token's when there is none). */
  expires_at: isoTime.nullable(),
  /** The last refresh or publish problem in words (the platform's), null when none. */
  last_error: z.string().nullable(),
});
export type VideoConnection = z.infer<typeof videoConnection>;

export const videoMerchantConnections = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  /** Every available platform (and the sandbox) in spec §9 order, not_connected ones included. */
  connections: z.array(videoConnection),
});
export const videoConnectionsRequest = z.strictObject({
  ...pageQuery,
  keyword: keyword().optional(),
  /** One merchant (out of scope → empty list). */
  merchant_id: id.optional(),
  state: z.enum(CONNECTION_STATES, { error: 'validation.invalid_option' }).optional(),
});
export const videoConnectionsResponse = pageOf(videoMerchantConnections);

export const videoConnectRequest = z.strictObject({ merchant_id: id, platform: target });
export const videoConnectResponse = z.object({
  /** Send the browser here; the platform returns to VIDEO_OAUTH_CALLBACK_PATH with `code` and `state`. */
  authorize_url: z.string(),
  expires_at: isoTime,
});

/** What the platform appended to the callback URL, posted by the account that started. */
export const videoConnectCallbackRequest = z.strictObject({
  state: plainString().trim().min(1, { error: 'video.oauth_state_invalid' }).max(200, { error: 'video.oauth_state_invalid' }),
  code: plainString().trim().max(2000, { error: 'validation.too_long' }).optional(),
  /** The platform's `error` when the merchant refused or it failed. */
  error: plainString().trim().max(500, { error: 'validation.too_long' }).optional(),
});

export const videoConnectionByIdRequest = z.strictObject({ id });
