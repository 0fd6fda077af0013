import { FOOTAGE_TUS_PATH, type Footage, type FootageType } from '@nearcast/contract';
import { DetailedError, Upload } from 'tus-js-client';
import { API_BASE, ApiError, authHeaders, isEnvelope, leaveAfterPlanRequired, signOutAfterForbidden } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { addFootage } from '../api/add-footage';

export interface MaterialUploadRequest {
  file: File;
  type: FootageType;
  /** Part of the fingerprint, so a shared browser never offers one person's half upload to another. */
  userId: number;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

/**
 * Waits between automatic attempts after a dropped connection (a phone going through a tunnel):
 * each attempt asks the server how far it got and continues from there.
 */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * Bytes per PATCH. Smaller than the largest file, so that whatever a proxy or the storage does
 * with an interrupted request, at most one chunk is sent again.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/** The words of a refusal: the server's envelope (in the user's language) when it sent one. */
export function tusFailure(error: unknown): ApiError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (response) {
    let payload: unknown = null;
    try {
      payload = JSON.parse(response.getBody());
    } catch {
      // A body that is not the envelope (a proxy's page): the status alone says it failed.
    }
    if (isEnvelope(payload)) return new ApiError('envelope', payload.code, payload.msg || translateMessage('error.request_failed'), payload.data);
    return new ApiError('network', String(response.getStatus()), translateMessage('error.request_failed'));
  }
  return new ApiError('network', 'network', translateMessage('error.request_failed'));
}

/**
 * One material upload: the bytes over tus (resumable: a retry, or the same file picked again
 * after a reload, continues from the last byte the server has), then `/v1/footage/add` makes
 * the finished upload a material. Resolves with the material (processing), rejects with an
 * ApiError in the user's language, or with an AbortError on cancel, which is not a failure.
 */
export function uploadMaterial({ file, type, userId, onProgress, signal }: MaterialUploadRequest): Promise<Footage> {
  return new Promise<string>((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelled());
      return;
    }
    const upload = new Upload(file, {
      endpoint: new URL(`${API_BASE}${FOOTAGE_TUS_PATH}`, window.location.origin).href,
      headers: authHeaders(),
      metadata: { filename: file.name, type },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      fingerprint: (picked: File) =>
        Promise.resolve(['nearcast-material', userId, picked.name, picked.type, picked.size, picked.lastModified].join('|')),
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => {
        signal.removeEventListener('abort', onAbort);
        const id = upload.url?.split('/').pop();
        if (id) resolve(decodeURIComponent(id));
        else reject(new ApiError('network', 'network', translateMessage('error.request_failed')));
      },
      onError: (error) => {
        signal.removeEventListener('abort', onAbort);
        const failure = tusFailure(error);
        if (failure.code === '403') signOutAfterForbidden();
        if (failure.code === '402') leaveAfterPlanRequired(failure.msg);
        reject(failure);
      },
    });
    function onAbort() {
      // Cancelled on purpose: the server may drop what it has (termination), nothing resumes it.
      void upload.abort(true).catch(() => undefined);
      reject(cancelled());
    }
    signal.addEventListener('abort', onAbort, { once: true });
    void upload.findPreviousUploads().then(
      (previous) => {
        if (signal.aborted) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      },
      () => {
        if (!signal.aborted) upload.start();
      },
    );
  }).then((upload) => {
    if (signal.aborted) throw cancelled();
    return addFootage({ upload }, signal);
  });
}
