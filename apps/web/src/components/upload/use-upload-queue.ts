import type { UploadResponse } from '@nearcast/contract';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { formatBytes, itemFor, nextToStart, reduceUploads, type Refusal, type UploadItem } from './upload-queue';
import { isCancel } from './upload-request';

/** What a transport is handed with each file it sends. */
export interface Sending {
  signal: AbortSignal;
  onProgress: (loaded: number) => void;
}

/** A picked file, admitted with what its transport needs to send it, or refused with the words why. */
export type Admission<E> = { entry: E } | { refusal: string };

export interface UploadQueueOptions<R, E> {
  /** Reads a picked or dropped file before anything is sent. */
  admit: (file: File) => Admission<E>;
  /**
   * The transport: sends one admitted file and resolves with what the server made of it; rejects
   * with an ApiError in the user's language, or with an AbortError once its signal aborts.
   */
  send: (entry: E, sending: Sending) => Promise<R>;
  /** Called once per file the server has taken. */
  onUploaded?: (result: R) => void;
  /** How many files travel at once. */
  parallel: number;
}

export interface UploadQueue<R, E> {
  items: UploadItem<R>[];
  add: (picked: FileList | null) => void;
  cancel: (item: UploadItem<R>) => void;
  retry: (item: UploadItem<R>) => void;
  remove: (item: UploadItem<R>) => void;
  /** What a file was admitted as; nothing for a refused one. */
  entryOf: (item: UploadItem<R>) => E | undefined;
}

/**
 * The upload queue with its requests: at most `parallel` files travelling, cancel (not a failure,
 * and silent), retry, remove, a failure's reason under the file and in a toast, and whatever is
 * still travelling stopped when the control leaves the page. A control brings its transport and
 * its own rules for what it takes; this owns the rest.
 */
export function useUploadQueue<R = UploadResponse, E = File>({ admit, send, onUploaded, parallel }: UploadQueueOptions<R, E>): UploadQueue<R, E> {
  const { t } = useTranslation('common');
  const [items, dispatch] = useReducer(reduceUploads<R>, []);
  const entries = useRef(new Map<string, E>());
  const controllers = useRef(new Map<string, AbortController>());
  // The latest callbacks, so a parent that passes new functions each render restarts nothing.
  const sendRef = useRef(send);
  sendRef.current = send;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const add = (picked: FileList | null) => {
    if (!picked || picked.length === 0) return;
    const added = Array.from(picked).map((file) => {
      const admission = admit(file);
      const item = itemFor<R>({ name: file.name, size: file.size }, 'refusal' in admission ? admission.refusal : null);
      if ('entry' in admission) entries.current.set(item.id, admission.entry);
      return item;
    });
    dispatch({ type: 'added', items: added });
  };

  // Start what may start whenever the queue changes.
  useEffect(() => {
    for (const item of nextToStart(items, parallel)) {
      const entry = entries.current.get(item.id);
      // Already on its way (an effect that runs twice must not send a file twice).
      if (entry === undefined || controllers.current.has(item.id)) continue;
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'started', id: item.id });
      sendRef
        .current(entry, { signal: controller.signal, onProgress: (loaded) => dispatch({ type: 'progress', id: item.id, loaded }) })
        .then((result) => {
          dispatch({ type: 'done', id: item.id, result });
          onUploadedRef.current?.(result);
        })
        .catch((error: unknown) => {
          if (isCancel(error)) return;
          const message = error instanceof ApiError ? error.msg : t('upload.failed');
          dispatch({ type: 'failed', id: item.id, error: message });
          notifyError(t('upload.failed_named', { name: item.file.name, reason: message }));
        })
        .finally(() => controllers.current.delete(item.id));
    }
  }, [items, parallel, t]);

  // Leaving the page stops what is still travelling (a resumable transport picks it up next time).
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  return {
    items,
    add,
    cancel: (item) => {
      controllers.current.get(item.id)?.abort();
      dispatch({ type: 'cancelled', id: item.id });
    },
    retry: (item) => dispatch({ type: 'retried', id: item.id }),
    remove: (item) => {
      entries.current.delete(item.id);
      dispatch({ type: 'removed', id: item.id });
    },
    entryOf: (item) => entries.current.get(item.id),
  };
}

/**
 * A refusal before sending, in the user's words. `tooLarge` says "too large" a control's own
 * way (the material library names the type); the others read the same everywhere.
 */
export function useRefusalText(): (refusal: Refusal, tooLarge?: (size: string) => string) => string {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  return (refusal, tooLarge = (size) => t('upload.too_large', { size })) => {
    if (refusal.reason === 'too_large') return tooLarge(formatBytes(refusal.maxBytes, language));
    if (refusal.reason === 'empty') return t('upload.empty');
    return t('upload.wrong_type', { formats: refusal.formats.join(', ').toUpperCase() });
  };
}
