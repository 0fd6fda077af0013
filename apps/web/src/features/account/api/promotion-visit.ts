import { api, PROMOTION_QR_PARAM, type PromotionSource } from '@nearcast/contract';
import { call } from '../../../lib/api-client';

/** Codes already reported by this tab: a re-render or a tab switch on the sign-in page is not a visit. */
const reported = new Set<string>();

/**
 * POST /v1/promotion/visit: tells the link's owner a visitor arrived. The server counts a visitor
 * once a day and ignores bots; nothing here waits for it or shows its outcome.
 */
export function reportPromotionVisit(code: string, params: URLSearchParams): void {
  const source: PromotionSource = params.get(PROMOTION_QR_PARAM) === 'qr' ? 'qr' : 'link';
  const key = `${code}:${source}`;
  if (reported.has(key)) return;
  reported.add(key);
  call(api.promotion.visit, { code, source }, { toast: false }).catch(() => undefined);
}
