import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never is, so a deploy
 * is picked up on the next navigation. Unknown GET paths get index.html (history fallback).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ distDir }, 'web build not found: serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
