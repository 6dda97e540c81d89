import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/trpc', '/dev/', '/healthz', '/readyz'];
/** The client build's prerendered public pages (apps/client/scripts/prerender.ts): `rate.html` is `/rate`. */
const PRERENDERED_DIR = 'prerendered';

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** An HTML page as sent: with the Contact Us address written in, and compressed once at start. */
interface HtmlPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function htmlPage(file: string, contactUrl: string): HtmlPage {
  const html = readFileSync(file, 'utf8').replace(
    /<meta name="exrated-contact-url" content="[^"]*"\s*\/?>/,
    `<meta name="exrated-contact-url" content="${escapeAttribute(contactUrl)}" />`,
  );
  return { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
}

/** Each prerendered page by the path it answers: `index.html` is `/`, `rate.html` is `/rate`. */
function prerenderedPages(root: string, contactUrl: string): Map<string, HtmlPage> {
  const dir = path.join(root, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  return new Map(
    files.map((file) => {
      const route = file.slice(0, -'.html'.length).split(path.sep).join('/');
      return [route === 'index' ? '/' : `/${route}`, htmlPage(path.join(dir, file), contactUrl)];
    }),
  );
}

/** The best of br and gzip the request accepts (a `;q=0` refuses one), or null for the plain page. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.html);
}

/**
 * Serves the built client and falls back to index.html for client routes (SPA). The public pages the build
 * prerendered are sent instead of the empty index.html on their own path, so they show before any script
 * runs. The Contact Us address is written into every page here, so configuration is never baked into the
 * bundle.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { root: string; contactUrl: string }) => {
    const indexPage = htmlPage(path.join(options.root, 'index.html'), options.contactUrl);
    const pages = prerenderedPages(options.root, options.contactUrl);

    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      wildcard: false,
      // Pages only go out through the handler below, which writes the Contact Us address into them.
      allowedPath: (pathname) => !pathname.endsWith('.html'),
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
        !API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !/\.[a-z0-9]+$/i.test(pathname);
      if (!isPage) return reply.code(404).send({ error: { message: 'Not found' } });
      return sendPage(req, reply, pages.get(pathname) ?? indexPage);
    });
  },
);
