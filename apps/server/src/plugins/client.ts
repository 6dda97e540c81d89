import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-paths';

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built client and falls back to index.html for client routes (SPA). The Contact Us address is
 * written into index.html here, so configuration is never baked into the bundle.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { root: string; contactUrl: string }) => {
    const indexHtml = readFileSync(path.join(options.root, 'index.html'), 'utf8').replace(
      /<meta name="exrated-contact-url" content="[^"]*"\s*\/?>/,
      `<meta name="exrated-contact-url" content="${escapeAttribute(options.contactUrl)}" />`,
    );

    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      wildcard: false,
      // The client build writes .br and .gz copies of its assets: sent to browsers that accept them, so the
      // first load is ~150 KB instead of ~520 KB even without a compressing proxy in front.
      preCompressed: true,
      // Hashed asset names never change content: cache them for a year; everything else revalidates.
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });

    app.setNotFoundHandler((req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      const isPage =
        (req.method === 'GET' || req.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !/\.[a-z0-9]+$/i.test(pathname);
      if (!isPage) return reply.code(404).send({ error: { message: 'Not found' } });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
);
