import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '@nearcast/contract';

/**
 * Who is making the current API call and from where, for what records it without being handed
 * it (the audit log): set by the route plugin around each handler, read anywhere below it in
 * the same async flow. Jobs, subscribers and seeds run outside any call and see none.
 */
export interface RequestContext {
  actor: { id: number; role: Role; email: string } | null;
  ip: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequest<T>(context: RequestContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
