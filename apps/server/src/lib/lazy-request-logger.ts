import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type AnyLog = (...args: unknown[]) => void;

/**
 * The logger Fastify hands each request (`request.log`, with its `reqId`), made only when the
 * request logs something. Fastify builds a pino child per request up front; with the redaction
 * paths that child serialises its bindings through the redaction pass, which cost about a
 * microsecond and 2.5 KB of garbage on every request, while almost every request is logged by
 * the access line alone (app.ts), which does not use it. The first call makes the real child,
 * with the same bindings and options, and every later call goes straight to it.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  // Assigned to the prototype below, one per level, so a request allocates no closures.
  declare fatal: FastifyBaseLogger['fatal'];
  declare error: FastifyBaseLogger['error'];
  declare warn: FastifyBaseLogger['warn'];
  declare info: FastifyBaseLogger['info'];
  declare debug: FastifyBaseLogger['debug'];
  declare trace: FastifyBaseLogger['trace'];
  declare silent: FastifyBaseLogger['silent'];
  made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return (this.made?.level ?? this.options.level ?? this.parent.level) ;
  }

  set level(level: LevelWithSilentOrString) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

const METHODS: readonly LogMethod[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
for (const method of METHODS) {
  Object.defineProperty(LazyRequestLogger.prototype, method, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      (this.real()[method] as AnyLog)(...args);
    },
    writable: true,
    configurable: true,
  });
}

/** Fastify's `childLoggerFactory`: a request's logger, made on its first use. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
