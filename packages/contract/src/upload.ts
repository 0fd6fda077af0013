import { z } from 'zod';
import { isoTime } from './fields.js';

/**
 * Uploads (spec §7 "/v1/base/oss/temp"): what may be uploaded, and how large. The server
 * decides a file's type from its bytes; the web upload component reads the same table to
 * refuse early what the server would refuse anyway (docs/decisions/011).
 */
export const UPLOAD_PURPOSES = ['image', 'video', 'audio'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;

/** Per purpose: the file formats (file-type's extension names) and the largest file, in MB. */
export const UPLOAD_RULES: Record<UploadPurpose, { formats: readonly string[]; maxMb: number }> = {
  image: { formats: ['jpg', 'png', 'webp', 'gif', 'heic'], maxMb: 20 },
  video: { formats: ['mp4', 'mov', 'webm'], maxMb: 500 },
  audio: { formats: ['mp3', 'm4a', 'wav', 'ogg', 'opus', 'aac'], maxMb: 50 },
};

export function uploadMaxBytes(purpose: UploadPurpose): number {
  return UPLOAD_RULES[purpose].maxMb * MB;
}

/** The purpose a detected format belongs to, or null when no purpose allows it. */
export function uploadPurposeOf(format: string): UploadPurpose | null {
  return UPLOAD_PURPOSES.find((purpose) => UPLOAD_RULES[purpose].formats.includes(format)) ?? null;
}

/** The name of the multipart part that carries the file (spec §7). */
export const UPLOAD_FILE_FIELD = 'file';

/**
 * Form fields sent with the file, BEFORE it (a stream is judged as it arrives). Without a
 * purpose any allowed format is accepted and limited by its own purpose's size.
 */
export const uploadFields = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, { error: 'upload.purpose_invalid' }).optional(),
});

export const uploadResponse = z.object({
  id: z.number().int(),
  /** The purpose the bytes belong to. */
  type: z.enum(UPLOAD_PURPOSES),
  mime: z.string(),
  size: z.number().int(),
  /** A signed URL to read the file, valid until url_expires_at. */
  url: z.string(),
  url_expires_at: isoTime,
  /** Unclaimed uploads are removed after this time. */
  expires_at: isoTime,
});
export type UploadResponse = z.infer<typeof uploadResponse>;
