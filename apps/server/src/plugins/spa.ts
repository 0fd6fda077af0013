import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The landing page, prerendered at build time (apps/web/build-plugins/prerender.ts). */
const LANDING = 'index.html';
/** The empty SPA page every other route boots from; absent in builds older than prerendering. */
const SHELL = 'shell.html';

/**
 * What the browser asks for as a file rather than a page. Such a path that is not in the build
 * (a hashed chunk of yesterday's deploy) must fail as a 404: answered with a page, the browser
 * reports a MIME error and the app's reload-on-chunk-error never fires.
 */
const FILE_PATH = /^\/assets\/|\.(?:js|mjs|css|map|json|txt|xml|webmanifest|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|br|gz)$/i;

export interface Spa {
  /** Answers a GET or HEAD that matched no route with the page it needs; null for a missing file. */
  page(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; pages never are, so a deploy is
 * picked up on the next navigation. Every file goes out brotli- or gzip-compressed when the
 * browser accepts it, from the copies the build wrote beside it. Unknown page paths get the
 * SPA (history fallback): `/` its prerendered landing page, any other the empty shell.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa | null> {
  const index = path.join(distDir, LANDING);
  if (!fs.existsSync(index)) {
    app.log.warn({ distDir }, 'web build not found: serving the API only (run `npm run build`)');
    return null;
  }
  const shell = fs.existsSync(path.join(distDir, SHELL)) ? SHELL : LANDING;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers differently by Accept-Encoding; caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  return {
    page(request, reply) {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (FILE_PATH.test(pathname)) return null;
      return reply.sendFile(pathname === '/' ? LANDING : shell, { cacheControl: false });
    },
  };
}
