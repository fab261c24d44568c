import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's content-hashed output: a changed file gets a new name, so a browser may keep it for ever. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always revalidate (ETag), so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: brotli or gzip copies made at build time (apps/web/scripts/precompress.mjs)
 * chosen by Accept-Encoding with `Vary: Accept-Encoding`, hashed assets cached for a year, index.html
 * revalidated. Returns false when there is no build to serve.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    // Called with the Fastify reply (not Node's response), whatever the type declarations say.
    setHeaders: (reply: unknown, filePath: string) => {
      (reply as FastifyReply).header(
        'Cache-Control',
        filePath.includes(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE,
      );
    },
  });
  return true;
}

/** The single-page app's shell for any route it owns. */
export function sendAppShell(reply: FastifyReply): FastifyReply {
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}
