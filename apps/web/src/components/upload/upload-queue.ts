import { UPLOAD_RULES, uploadMaxBytes, type UploadPurpose, type UploadResponse } from '@nearcast/contract';

/**
 * The upload queue as pure state: what each file is doing, what may start next, what a
 * progress event, a cancel, a failure or a retry does to it. The component owns the requests;
 * this module decides everything else, so it is tested without a browser.
 */

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface FileFacts {
  name: string;
  size: number;
}

export interface UploadItem<R = UploadResponse> {
  id: string;
  file: FileFacts;
  status: UploadStatus;
  loaded: number;
  /** Why it failed, already in the user's language (the server's message, or ours). */
  error: string | null;
  /** What the server answered once the file arrived (the temporary upload, or what a feature made of it). */
  result: R | null;
}

export interface UploadLimits {
  purpose: UploadPurpose;
  formats: readonly string[];
  maxBytes: number;
}

export function limitsOf(purpose: UploadPurpose): UploadLimits {
  return { purpose, formats: UPLOAD_RULES[purpose].formats, maxBytes: uploadMaxBytes(purpose) };
}

/** What the file input offers to pick: the purpose's extensions (the server still reads the bytes). */
export function acceptOf(limits: UploadLimits): string {
  const extensions = new Set(limits.formats.flatMap((format) => (format === 'jpg' ? ['jpg', 'jpeg'] : [format])));
  return [...extensions].map((extension) => `.${extension}`).join(',');
}

export type Refusal = { reason: 'too_large'; maxBytes: number } | { reason: 'wrong_type'; formats: readonly string[] } | { reason: 'empty' };

/**
 * Refuses early what the server would refuse anyway, by name and size (the server decides the
 * type from the bytes; a renamed file still gets its answer from there).
 */
export function refusalOf(file: FileFacts, limits: UploadLimits): Refusal | null {
  if (file.size === 0) return { reason: 'empty' };
  if (file.size > limits.maxBytes) return { reason: 'too_large', maxBytes: limits.maxBytes };
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const normalized = extension === 'jpeg' ? 'jpg' : extension;
  if (!limits.formats.includes(normalized)) return { reason: 'wrong_type', formats: limits.formats };
  return null;
}

export type UploadEvent<R = UploadResponse> =
  | { type: 'added'; items: UploadItem<R>[] }
  | { type: 'started'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'done'; id: string; result: R }
  | { type: 'failed'; id: string; error: string }
  | { type: 'cancelled'; id: string }
  | { type: 'retried'; id: string }
  | { type: 'removed'; id: string };

let counter = 0;

/** A queue item for a picked or dropped file: queued, or failed at once with its refusal's words. */
export function itemFor<R = UploadResponse>(file: FileFacts, refusal: string | null): UploadItem<R> {
  counter += 1;
  return { id: `upload-${counter}`, file, status: refusal ? 'failed' : 'queued', loaded: 0, error: refusal, result: null };
}

const update = <R>(items: UploadItem<R>[], id: string, change: (item: UploadItem<R>) => UploadItem<R> | null): UploadItem<R>[] =>
  items.flatMap((item) => {
    if (item.id !== id) return [item];
    const next = change(item);
    return next ? [next] : [];
  });

/**
 * The queue after an event. Events for a file that has moved on are ignored: a progress event
 * that arrives after a cancel does not bring the file back, and a cancelled file never fails.
 */
export function reduceUploads<R = UploadResponse>(items: UploadItem<R>[], event: UploadEvent<R>): UploadItem<R>[] {
  switch (event.type) {
    case 'added':
      return [...items, ...event.items];
    case 'started':
      return update(items, event.id, (item) => (item.status === 'queued' ? { ...item, status: 'uploading', loaded: 0, error: null } : item));
    case 'progress':
      return update(items, event.id, (item) =>
        item.status === 'uploading' ? { ...item, loaded: Math.min(Math.max(event.loaded, item.loaded), item.file.size) } : item,
      );
    case 'done':
      return update(items, event.id, (item) =>
        item.status === 'uploading' ? { ...item, status: 'done', loaded: item.file.size, result: event.result } : item,
      );
    case 'failed':
      return update(items, event.id, (item) => (item.status === 'uploading' ? { ...item, status: 'failed', error: event.error } : item));
    case 'cancelled':
      return update(items, event.id, (item) =>
        item.status === 'uploading' || item.status === 'queued' ? { ...item, status: 'cancelled', error: null } : item,
      );
    case 'retried':
      return update(items, event.id, (item) =>
        item.status === 'failed' || item.status === 'cancelled' ? { ...item, status: 'queued', loaded: 0, error: null } : item,
      );
    case 'removed':
      return update(items, event.id, (item) => (item.status === 'uploading' ? item : null));
  }
}

/** Files to start now so that at most `parallel` upload at once, oldest first. */
export function nextToStart<R>(items: readonly UploadItem<R>[], parallel: number): UploadItem<R>[] {
  const running = items.filter((item) => item.status === 'uploading').length;
  return items.filter((item) => item.status === 'queued').slice(0, Math.max(0, parallel - running));
}

/** Whole percent of one file, 100 only once the server has answered. */
export function percentOf<R>(item: UploadItem<R>): number {
  if (item.status === 'done') return 100;
  if (item.file.size === 0) return 0;
  return Math.min(99, Math.floor((item.loaded / item.file.size) * 100));
}

/** Whether a retry makes sense: a refused file (wrong type, too large) fails the same way again. */
export function canRetry<R>(item: UploadItem<R>, limits: UploadLimits): boolean {
  return (item.status === 'failed' || item.status === 'cancelled') && refusalOf(item.file, limits) === null;
}

/** "20 MB", "1.5 GB": sizes as the limits and the list show them. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
