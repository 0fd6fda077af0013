import { CHUNK_LOAD_TIMEOUT_MS } from '@nearcast/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page chunk that could not be loaded even after retrying (spec §8 "chunk load error"). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading chunk timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  timeoutMs?: number;
}

/**
 * Loads a chunk, retrying a flaky network (or a deploy that raced the page) before giving up
 * with a ChunkLoadError the error page recognises. The result is memoised: a loader that
 * preloads it and React.lazy that renders it share one download.
 */
export function retryImport<T>(factory: () => Promise<T>, options: RetryOptions = {}): () => Promise<T> {
  const { retries = 2, delayMs = 600, timeoutMs = CHUNK_LOAD_TIMEOUT_MS } = options;
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= (async () => {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await wait(delayMs * attempt);
        try {
          return await withTimeout(factory(), timeoutMs);
        } catch (error) {
          lastError = error;
        }
      }
      throw new ChunkLoadError(lastError);
    })().catch((error: unknown) => {
      // Forget the failure so a later navigation (or the reload button) tries again.
      pending = null;
      throw error;
    });
    return pending;
  };
}

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

/** React.lazy over a named export, with retries and a preload the route loader can await. */
export function lazyPage<M extends Record<string, unknown>>(
  factory: () => Promise<M>,
  exportName: keyof M & string,
  options?: RetryOptions,
): LazyPage {
  const load = retryImport(factory, options);
  return {
    Component: lazy(async () => {
      const module = await load();
      return { default: module[exportName] as ComponentType };
    }),
    preload: load,
  };
}
