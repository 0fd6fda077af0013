import { api, CODES, type UploadPurpose, type UploadResponse } from '@nearcast/contract';
import { API_BASE, ApiError, authHeaders, isEnvelope, leaveAfterPlanRequired, signOutAfterForbidden } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';

export interface UploadRequest {
  file: File;
  purpose: UploadPurpose;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

/**
 * POST /v1/base/oss/temp as multipart form data: the purpose first (the server judges the
 * stream as it arrives), then the file. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Answers the upload, or rejects with an ApiError whose message the
 * server wrote in the user's language; a cancel rejects with the signal's AbortError, which is
 * not a failure and is never reported.
 */
export function uploadTemp({ file, purpose, onProgress, signal }: UploadRequest): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${api.base.ossTemp.path}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);

    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);

    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('network', 'network', translateMessage('error.request_failed')));
    };
    xhr.onload = () => {
      settle();
      const payload: unknown = xhr.response;
      if (!isEnvelope(payload)) {
        reject(new ApiError('network', String(xhr.status), translateMessage('error.request_failed')));
        return;
      }
      if (payload.code === CODES.ok) {
        resolve(payload.data as UploadResponse);
        return;
      }
      if (payload.code === CODES.forbidden) signOutAfterForbidden();
      if (payload.code === CODES.paymentRequired) leaveAfterPlanRequired(payload.msg);
      reject(new ApiError('envelope', payload.code, payload.msg || translateMessage('error.request_failed'), payload.data));
    };

    const form = new FormData();
    form.append('purpose', purpose);
    form.append(api.base.ossTemp.fileField, file, file.name);
    xhr.send(form);
  });
}

export const isCancel = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
