import type { AuditVerifyResponse } from '@nearcast/contract';

/**
 * The chain check's answer in words for an operator at a terminal (`npm run audit:verify`), and
 * whether it passes: every entry holds, and when the hash noted earlier is given, the log still
 * ends on it (the chain alone cannot show entries cut off its end).
 */
export function verdict(result: AuditVerifyResponse, expectHead?: string): { ok: boolean; message: string } {
  if (!result.ok) {
    const why = { gap: 'an entry is missing (removed)', link: 'it does not follow the entry before it (replaced or inserted)', content: 'it was changed after it was recorded' }[result.reason!];
    return { ok: false, message: `The audit chain breaks at entry #${result.broken_at}: ${why}. ${result.checked} entries before it hold.` };
  }
  if (expectHead && result.head !== expectHead) {
    return { ok: false, message: `All ${result.checked} entries hold, but the last hash is ${result.head ?? 'none'}, not ${expectHead}: entries were removed from the end, or the log is another one.` };
  }
  return { ok: true, message: `All ${result.checked} entries hold. Last hash: ${result.head ?? 'none (the log is empty)'}.` };
}
