import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Mailer } from './adapters/mail/index.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accessLine } from './lib/access-log.js';
import { lazyRequestLogger } from './lib/lazy-request-logger.js';
import { logDestination } from './lib/log-destination.js';
import { API_SECURITY_HEADERS, securityHeaders } from './lib/security-headers.js';
import { REDACTED, redactUrl } from './lib/redact-url.js';
import { EMBED_ORIGINS } from './modules/content/sanitize.js';
import { envelopePlugin, notFoundEnvelope } from './plugins/envelope.js';
import { registerSpa } from './plugins/spa.js';
import { createServices } from './composition/services.js';
import type { AnyModule } from './modules/module-definition.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Where log lines go; standard output unless a test wants to read them. */
  logStream?: NodeJS.WritableStream;
  /** The modules to build: composition/modules.ts's list unless a test adds one of its own. */
  modules?: readonly AnyModule[];
}

/** Fields that must never reach a log line, wherever they appear. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.confirm_password',
  '*.code',
  '*.token',
];

/** Builds the whole app from its parts; the server entry and the tests both call this. */
export async function buildApp({ config, database, mailer, logStream, modules }: AppDeps): Promise<FastifyInstance> {
  const destination = config.LOG_LEVEL === 'silent' ? null : (logStream ?? logDestination());
  const app = Fastify({
    logger: !destination
      ? false
      : {
          level: config.LOG_LEVEL,
          redact: { paths: REDACT, censor: REDACTED },
          // Fastify's own request serializer, but a signed link's signature never reaches the log.
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactUrl(request.url),
              host: request.host,
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            }),
          },
          stream: destination,
        },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // One line per request (onResponse below) instead of Fastify's two: the log is a large part
    // of a small request's cost.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's own logger is made when it first logs (lib/lazy-request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
  });
  // One line per finished request, in pino's shape, written by hand (lib/access-log.ts).
  const logAccess = destination && accessLine(config.LOG_LEVEL, destination);
  if (logAccess) {
    app.addHook('onResponse', (request, reply, done) => {
      logAccess(request, reply);
      done();
    });
  }

  app.decorate('services', createServices(config, database, mailer, app.log, modules));
  // Running jobs finish (or are failed, and so retried) before the database closes; then each
  // module lets go of what it holds (the notification hub's listening connection).
  app.addHook('onClose', () => app.services.jobs.stop());
  app.addHook('onClose', () => app.services.modules.close());
  app.decorateRequest('caller', null);

  await app.register(envelopePlugin);
  // Signed file URLs point at the file storage: this origin on local disk, the bucket's on S3.
  // Pages show those files (material thumbnails, players), so images and media may come from it.
  const { storage } = app.services;
  const fileOrigin = new URL(storage.kind === 'local' ? config.PUBLIC_URL : (await storage.signedUrl('csp-origin-probe', 60)).url).origin;
  // Security headers decided once by helmet (lib/security-headers.ts); set on the raw response,
  // so the notification stream and file downloads, which write their own head, carry them too.
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Article bodies may show images from other https sites (decision 030); stored files
        // come from the storage's origin (S3 or this server's public address).
        imgSrc: ["'self'", 'data:', 'blob:', fileOrigin, 'https:'],
        mediaSrc: ["'self'", 'blob:', fileOrigin],
        // The only frames: the YouTube and Vimeo players an article embeds (decision 030).
        frameSrc: ["'self'", ...EMBED_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // An API answer gets the API's own, shorter set.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.url.startsWith('/api/') ? API_SECURITY_HEADERS : headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, code: 'FST_RATE_LIMIT', ttl: context.ttl }),
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', role: config.PROCESS_ROLE, database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', role: config.PROCESS_ROLE, database: database.kind });
    }
  });

  for (const routes of app.services.modules.routes) await app.register(routes);

  const spa = await registerSpa(app, config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi) {
      return notFoundEnvelope(request, reply, request.method === 'POST' ? 'error.route_not_found' : 'error.method_not_allowed');
    }
    if (spa && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = spa.page(request, reply);
      if (page) return page;
    }
    return notFoundEnvelope(request, reply, 'error.not_found');
  });

  return app;
}
