import type { PublishTargetName } from '@nearcast/contract';
import { invalid } from '../../errors.js';
import type { ActiveVideo } from '../material/service.js';
import type { ClaimedUpload } from '../upload/service.js';
import type { StoredPlatformCaption, VideoPostRow } from './repository.js';

/** A scheduled time this far in the past is taken as "now" (the form was slow), not refused. */
const SCHEDULE_SLACK_MS = 5 * 60_000;

/** The time a post is scheduled for, as the form sent it; null when it goes out as soon as it can. */
export function scheduleOf(value: string | null | undefined, now: Date): Date | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) throw invalid({ schedule_at: 'video.schedule_invalid' });
  if (at.getTime() < now.getTime() - SCHEDULE_SLACK_MS) throw invalid({ schedule_at: 'video.schedule_invalid' });
  // Beyond PostgreSQL's and JavaScript's comfortable range is no schedule anyone means.
  if (at.getUTCFullYear() > 9999) throw invalid({ schedule_at: 'video.schedule_invalid' });
  return at;
}

/**
 * The platforms' own captions a post keeps after an edit: those given (each must be for one of
 * its platforms), else the ones it had, less those of platforms it no longer goes to.
 */
export function ownCaptions(
  given: StoredPlatformCaption[] | undefined,
  had: StoredPlatformCaption[],
  platforms: readonly PublishTargetName[],
): StoredPlatformCaption[] {
  if (given === undefined) return had.filter((item) => platforms.includes(item.platform));
  if (given.some((item) => !platforms.includes(item.platform))) throw invalid({ platform_captions: 'video.platform_caption_unused' });
  return given;
}

/** A post's video file: one of the merchant's materials, or an upload of the caller's own. */
export type PostFile = Pick<VideoPostRow, 'footageId' | 'uploadId' | 'fileKey' | 'fileName' | 'fileMime' | 'fileSize' | 'fileDurationSeconds' | 'thumbKey'>;

export function fileOfMaterial(material: ActiveVideo): PostFile {
  return {
    footageId: material.id,
    uploadId: null,
    fileKey: material.key,
    fileName: material.name,
    fileMime: material.mime,
    fileSize: material.size,
    fileDurationSeconds: material.durationSeconds,
    thumbKey: material.thumbKey,
  };
}

export function fileOfUpload(upload: ClaimedUpload): PostFile {
  return {
    footageId: null,
    uploadId: upload.id,
    fileKey: upload.key,
    fileName: `video-${upload.id}.${extensionOf(upload.mime)}`,
    fileMime: upload.mime,
    fileSize: upload.size,
    fileDurationSeconds: null,
    thumbKey: null,
  };
}

function extensionOf(mime: string): string {
  return { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm', 'video/x-matroska': 'mkv' }[mime] ?? 'mp4';
}
