import { FOOTAGE_TYPES, footageLimits, type FootageType } from '@nearcast/contract';
import type { UploadLimits } from '../../../components/upload/upload-queue';

/** The limits the upload queue checks a file against, for one material type. */
export function materialLimits(type: FootageType): UploadLimits & { maxSeconds: number | null } {
  const limits = footageLimits(type);
  return { purpose: type, formats: limits.formats, maxBytes: limits.max_bytes, maxSeconds: limits.max_seconds };
}

/**
 * The type a picked file will most likely be, so it is held to that type's limits before it is
 * sent: by its extension, else by what the browser says (a phone's camera roll can hand over a
 * name without one). The server still decides from the bytes.
 */
export function materialTypeOf(file: { name: string; type?: string }): FootageType | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const normalized = extension === 'jpeg' ? 'jpg' : extension;
  const byName = FOOTAGE_TYPES.find((type) => footageLimits(type).formats.includes(normalized));
  if (byName) return byName;
  const family = (file.type ?? '').split('/')[0];
  return FOOTAGE_TYPES.find((type) => type === family) ?? null;
}

/**
 * The name the limits check reads: a camera-roll file without an extension gets its type's
 * usual one, so a photo called "image" is not refused for its name when its bytes are fine.
 */
export function nameForCheck(file: { name: string; type?: string }): string {
  if (file.name.includes('.')) return file.name;
  const subtype = (file.type ?? '').split('/')[1] ?? '';
  const extension = subtype === 'jpeg' ? 'jpg' : subtype === 'quicktime' ? 'mov' : subtype === 'mpeg' ? 'mp3' : subtype;
  return extension ? `${file.name}.${extension}` : file.name;
}

/** What the file input offers: every type's MIME family (a phone then offers its camera roll) and every extension. */
export function materialAccept(): string {
  const extensions = FOOTAGE_TYPES.flatMap((type) => footageLimits(type).formats.flatMap((format) => (format === 'jpg' ? ['jpg', 'jpeg'] : [format])));
  return [...FOOTAGE_TYPES.map((type) => `${type}/*`), ...[...new Set(extensions)].map((extension) => `.${extension}`)].join(',');
}

/** "0:07", "12:03", "1:02:03": a duration as players show it; a dash before it is known. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * How the storage line says the share used: a whole percent, or "under 1 %" for a share that is
 * not nothing but rounds to less than one (887 KB of 5 GB read "1 %" before, which it is not).
 */
export type QuotaShare = { kind: 'percent'; percent: number } | { kind: 'under_one' };

export function quotaShare(used: number, quota: number): QuotaShare {
  if (quota > 0 && used > 0 && used / quota < 0.01) return { kind: 'under_one' };
  return { kind: 'percent', percent: quotaPercent(used, quota) };
}

/** The share of the quota used, 0–100, rounded up so a nearly full store never reads 99 % too early. */
export function quotaPercent(used: number, quota: number): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.max(0, Math.ceil((used / quota) * 100)));
}
