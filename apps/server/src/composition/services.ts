import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail/index.js';
import { resolveMediaTools, type MediaTools } from '../adapters/media/index.js';
import { createFileStorage } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { JobQueue, queueTimings } from '../jobs/queue.js';
import type { AnyModule, Core } from '../modules/module-definition.js';
import { loadModules, type LoadedModules } from './loader.js';
import { MODULES } from './modules.js';

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
// Read from `build` alone: matching the whole definition would go through its routes, whose app
// type carries `services`, i.e. this very type, and the check would be deferred.
type ProvidesOf<M> = M extends { build(core: Core, needs: never): infer P } ? P : never;
type NeedsOf<M> = M extends { build(core: Core, needs: infer N): unknown } ? N : never;
type Listed = (typeof MODULES)[number];

/** Every service of the app, built once and shared by the routes through `app.services`. */
export type Services = Core &
  UnionToIntersection<ProvidesOf<Listed>> & {
    /** The loaded modules: their order, routes, jobs and subscribers (composition/loader.ts). */
    modules: LoadedModules;
  };

/** The needs of each listed module that the services do not meet with the types it asks for. */
type UnmetOf<M> = M extends unknown ? (Services extends NeedsOf<M> ? never : NeedsOf<M>) : never;
type Unmet = UnmetOf<Listed>;
// A module that asks for a service no module provides, or for one of another type, fails here
// at compile time; the loader refuses a name no module provides when the app starts.
const everyNeedIsMet: [Unmet] extends [never] ? true : Unmet = true;
void everyNeedIsMet;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * Builds every module of the list on the process's core parts. Tests may pass another list
 * (the listed modules and one of their own).
 */
export function createServices(config: Config, database: Database, mailer: Mailer, log?: FastifyBaseLogger, modules: readonly AnyModule[] = MODULES): Services {
  let mediaTools: MediaTools | null = null;
  const core: Core = {
    config,
    database,
    db: database.db,
    mailer,
    jobs: new JobQueue(database.queueStore, queueTimings(config), database),
    storage: createFileStorage(config),
    tools: () => (mediaTools ??= resolveMediaTools(config)),
    ...(log ? { log } : {}),
  };
  const loaded = loadModules(modules, core);
  const services = { ...loaded.services, modules: loaded } as Services;
  for (const subscriber of loaded.subscribers) services.events.subscribe(subscriber);
  return services;
}
