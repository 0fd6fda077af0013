import { CODES } from '@nearcast/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { PaymentService } from '../payment/service.js';
import * as repo from './repository.js';

const MB = 1024 * 1024;

/**
 * How much a merchant may store (its plan's quota) and the refusal when a file does not fit:
 * apart from intake and processing because both take room in the same quota and say no the
 * same way.
 */
export class MaterialQuota {
  private readonly quotaByPlan: Map<string, number>;

  constructor(
    private readonly db: Db,
    private readonly payments: PaymentService,
    private readonly settings: { quotaMb: number; quotaMbByPlan: string },
  ) {
    this.quotaByPlan = parseQuotas(settings.quotaMbByPlan);
  }

  /**
   * Refuses early, before bytes are copied, what the quota cannot hold (tus creation asks too);
   * a caller whose bytes are not an upload (videos still to be made) says so in its own words.
   */
  async assertRoom(merchantId: number, size: number, refuse: QuotaRefusal = quotaRefusal): Promise<void> {
    const [used, quota] = await Promise.all([repo.storedBytes(this.db, merchantId), this.quotaOf(merchantId)]);
    if (used + size > quota.bytes) throw refuse(used, quota.bytes, size);
  }

  async quotaOf(merchantId: number): Promise<{ bytes: number; planName: string | null }> {
    const { plan } = await this.payments.historyOf(merchantId, 0);
    const byPlan = plan
      ? (this.quotaByPlan.get(String(plan.package_id)) ?? this.quotaByPlan.get(plan.package_name.trim().toLowerCase()))
      : undefined;
    return { bytes: (byPlan ?? this.settings.quotaMb) * MB, planName: plan?.package_name ?? null };
  }
}

/** The refusal when `size` more bytes do not fit beside `used` of `quota`. */
export type QuotaRefusal = (used: number, quota: number, size: number) => AppError;

export function quotaRefusal(used: number, quota: number, size: number): AppError {
  return new AppError(CODES.tooLarge, 'footage.quota_exceeded', { used: humanBytes(used), quota: humanBytes(quota), size: humanBytes(size) });
}

/** 1.2 GB, 350 MB, 12 KB: for messages only. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** `Growth=20480, 7=10240` → growth → 20480 MB, 7 → 10240 MB; malformed pairs are a start-up error. */
export function parseQuotas(setting: string): Map<string, number> {
  const quotas = new Map<string, number>();
  for (const pair of setting.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(.+?)\s*=\s*(\d+)$/.exec(pair);
    if (!match) throw new Error(`FOOTAGE_QUOTA_MB_BY_PLAN: "${pair}" is not <plan id or name>=<MB>`);
    quotas.set(match[1]!.trim().toLowerCase(), Number(match[2]));
  }
  return quotas;
}
