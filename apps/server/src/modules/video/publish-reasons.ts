import { readStoredMessage, storedMessage, type ApiLanguage } from '@nearcast/contract';

/**
 * Why a publish job waits or failed, as the engine stores it: a message key with its parameters,
 * so each reader sees it in their own language. The platform's own words (a failure reason, a
 * detail) stay as the platform wrote them.
 */
export type DeferralKey = 'daily_limit' | 'slow_down' | 'by_hand' | 'processing' | 'retrying' | 'checking';
export type FailureKey =
  | 'connection_removed'
  | 'post_gone'
  | 'platform_unavailable'
  | 'outcome_unknown'
  | 'reconnect'
  | 'stuck'
  | 'refused'
  | 'cancelled'
  | 'not_connected';

export function deferral(key: DeferralKey, params: Record<string, string | number> = {}): string {
  return storedMessage(`video.deferred.${key}`, params);
}

export function failure(key: FailureKey, params: Record<string, string | number> = {}): string {
  return storedMessage(`video.failure.${key}`, params);
}

/** A stored reason in the reader's language; a platform's own words as they are. */
export function describeReason(stored: string | null, language: ApiLanguage): string | null {
  return stored === null ? null : readStoredMessage(language, stored);
}
