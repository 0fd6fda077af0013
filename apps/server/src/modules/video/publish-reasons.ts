import { formatMessage, type ApiLanguage } from '@nearcast/contract';

/**
 * Why a publish job waits, as the engine stores it: a message key with its parameters, so each
 * reader sees it in their own language. The platform's own words (a failure reason, a detail)
 * stay as the platform wrote them.
 */
export type DeferralKey = 'daily_limit' | 'slow_down' | 'by_hand' | 'processing' | 'retrying' | 'checking';

const PREFIX = 'video.deferred.';

export function deferral(key: DeferralKey, params: Record<string, string | number> = {}): string {
  return `${PREFIX}${key}|${JSON.stringify(params)}`;
}

/** The stored reason in the reader's language; anything not written by `deferral` as it is. */
export function describeDeferral(stored: string | null, language: ApiLanguage): string | null {
  if (stored === null) return null;
  const match = /^(video\.deferred\.[a-z_]+)\|(\{.*\})$/s.exec(stored);
  if (!match) return stored;
  try {
    return formatMessage(language, match[1]!, JSON.parse(match[2]!) as Record<string, string | number>);
  } catch {
    return stored;
  }
}
