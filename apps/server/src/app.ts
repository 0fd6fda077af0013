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
import { accountRoutes } from './modules/account/routes.js';
import { areaRoutes } from './modules/area/routes.js';
import { waitlistRoutes } from './modules/waitlist/routes.js';
import { itemPageRoutes } from './modules/content/item-page.js';
import { contentRoutes } from './modules/content/routes.js';
import { EMBED_ORIGINS } from './modules/content/sanitize.js';
import { orgRoutes } from './modules/org/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { financeRoutes } from './modules/finance/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { financeRecordRoutes } from './modules/finance/records-routes.js';
import { pricingRoutes } from './modules/pricing/routes.js';
import { promotionRoutes } from './modules/promotion/routes.js';
import { attributionRoutes } from './modules/attribution/routes.js';
import { reportRoutes } from './modules/report/routes.js';
import { settlementRoutes } from './modules/settlement/routes.js';
import { fileRoutes } from './modules/upload/file-routes.js';
import { footageRoutes } from './modules/material/routes.js';
import { videoRoutes } from './modules/video/routes.js';
import { creativeRoutes } from './modules/creative/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { notificationRoutes } from './modules/notification/routes.js';
import { uploadRoutes } from './modules/upload/routes.js';
import { verificationRoutes } from './modules/verification/routes.js';
import { envelopePlugin, notFoundEnvelope } from './plugins/envelope.js';
import { registerSpa } from './plugins/spa.js';
import { createServices } from './services.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Where log lines go; standard output unless a test wants to read them. */
  logStream?: NodeJS.WritableStream;
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
export async function buildApp({ config, database, mailer, logStream }: AppDeps): Promise<FastifyInstance> {
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

  app.decorate('services', createServices(config, database, mailer, app.log));
  // Running jobs finish (or are failed, and so retried) before the database closes.
  app.addHook('onClose', () => app.services.jobs.stop());
  app.addHook('onClose', () => app.services.notificationHub.close());
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

  await app.register(accountRoutes);
  await app.register(areaRoutes);
  await app.register(waitlistRoutes);
  await app.register(orgRoutes);
  await app.register(promotionRoutes);
  await app.register(attributionRoutes);
  await app.register(reportRoutes);
  await app.register(pricingRoutes);
  await app.register(paymentRoutes);
  await app.register(onboardingRoutes);
  await app.register(uploadRoutes);
  await app.register(fileRoutes);
  await app.register(financeRoutes);
  await app.register(financeRecordRoutes);
  await app.register(verificationRoutes);
  await app.register(settlementRoutes);
  await app.register(auditRoutes);
  await app.register(footageRoutes);
  await app.register(videoRoutes);
  await app.register(creativeRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationRoutes);
  await app.register(contentRoutes);
  await app.register(itemPageRoutes);

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
