/**
 * The built web app: hashed assets with a year-long immutable cache, and `index.html` for every
 * other page path (history fallback) so that deep links load the app. Unknown API paths stay 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface SpaOptions {
  webDist: string;
}

function wantsPage(url: string, accept: string | undefined): boolean {
  if (/^\/(api|assets)\//.test(url)) return false;
  return (accept ?? '').includes('text/html') || !/\.[a-z0-9]{1,5}(\?|$)/i.test(url);
}

export async function spaRoutes(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const index = join(options.webDist, 'index.html');
  const built = existsSync(index);
  // Read once: the shell is small and a page request then needs no file system access.
  const html = built ? readFileSync(index, 'utf8') : '';
  if (!built) app.log.warn({ webDist: options.webDist }, 'web app not built: run `npm run build`');
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset (packages/web/vite.config.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(`${join(options.webDist, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      built &&
      wantsPage(req.url, req.headers.accept)
    ) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).type('application/json').send({ detail: 'Not Found' });
  });
}
