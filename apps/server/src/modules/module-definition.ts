import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer } from '../adapters/mail/index.js';
import type { MediaTools } from '../adapters/media/index.js';
import type { FileStorage } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { AnyJob, JobQueue } from '../jobs/queue.js';
import type { Subscriber } from './events/service.js';

/**
 * What every module is built on: the process's configuration and outside parts, none of them a
 * module. The storage and the media tools are adapters every module that keeps files shares.
 */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The job queue: modules send to it; the composition starts it with every module's jobs. */
  jobs: JobQueue;
  /** Where uploaded files live: local disk or S3 (README "File storage"). */
  storage: FileStorage;
  /**
   * ffmpeg and ffprobe, looked up when first asked for, so an app that never processes a file
   * (most tests) starts on any platform.
   */
  tools: () => MediaTools;
  log?: FastifyBaseLogger;
}

/** A Fastify plugin that registers a module's routes (`route()` over its contract endpoints). */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/**
 * One server module, declared once: the loader (composition/loader.ts) builds modules in the
 * order their needs give, registers their routes, jobs and subscribers, and the table-ownership
 * lint rule reads `schemas` and `shares` from here.
 *
 * `Needs` names the services of other modules this one is built with. A need listed in `needs`
 * is built first; one listed in `ports` may be built later (a two-way pair such as payments and
 * finance) and can only be read once every module is built, i.e. when called, never while
 * building. The loader refuses a cycle of `needs`.
 */
export interface ModuleDefinition<Needs extends object, Provides extends object> {
  name: string;
  /** The schema files (`db/schema/<name>.ts`) whose tables this module owns. */
  schemas: readonly string[];
  /**
   * Other places that may read one of those schema files in SQL, named as the lint rule names
   * places: `modules/org`, `access`, `adapters/payments`. Each entry says why in a comment.
   */
  shares?: Readonly<Record<string, readonly string[]>>;
  /** The names this module's services go by in `app.services`; the loader checks `build` gave exactly these. */
  provides: readonly (keyof Provides & string)[];
  needs: readonly (keyof Needs & string)[];
  ports?: readonly (keyof Needs & string)[];
  build(core: Core, needs: Needs): Provides;
  routes?: readonly RoutePlugin[];
  jobs?(services: Provides & Needs, core: Core & { log: FastifyBaseLogger }): readonly AnyJob[];
  subscribers?(services: Provides & Needs): readonly Subscriber[];
  /** Runs when the app closes, after the queue has stopped (a hub's listening connection). */
  close?(services: Provides): Promise<void>;
}

/** A module of any needs and provides: what the loader and the list hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of modules mixes every Needs and Provides; each module is checked where it is defined.
export type AnyModule = ModuleDefinition<any, any>;

/**
 * Declares a module. Written `defineModule<Needs>()({...})` so the module states the types of its
 * needs and the loader infers what it provides from `build`.
 */
export function defineModule<Needs extends object = Record<never, never>>() {
  return <Provides extends object>(definition: ModuleDefinition<Needs, Provides>): ModuleDefinition<Needs, Provides> => definition;
}
