import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPlugin } from './client';

const script = `console.log(${JSON.stringify('ExRated '.repeat(200))});`;
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'exrated-client-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<html><head><meta name="exrated-contact-url" content="" /></head><body>app</body></html>',
  );
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(
    path.join(root, 'prerendered', 'rate.html'),
    '<html><head><meta name="exrated-contact-url" content="" /></head><body>Rate an Ex</body></html>',
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  app = Fastify();
  await app.register(clientPlugin, { root, contactUrl: 'https://example.com/contact' });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('client plugin', () => {
  it('sends the precompressed copy the browser accepts, cached for a year', async () => {
    const url = '/assets/index-abc123.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync(script))).toBe(true);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html carrying the contact address, never cached', async () => {
    const page = await app.inject({ method: 'GET', url: '/rate' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<meta name="exrated-contact-url" content="https://example.com/contact" />');
  });

  it('answers a prerendered path with its page, compressed when accepted, with the contact address', async () => {
    const plain = await app.inject({ method: 'GET', url: '/rate?phone=%2B12025550100' });
    expect(plain.headers['content-type']).toMatch(/text\/html/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('Rate an Ex');
    expect(plain.body).toContain('<meta name="exrated-contact-url" content="https://example.com/contact" />');

    const brotli = await app.inject({
      method: 'GET',
      url: '/rate',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const refused = await app.inject({
      method: 'GET',
      url: '/rate',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');

    // Other routes, and paths below a prerendered one, get the empty app.
    const other = await app.inject({ method: 'GET', url: '/rate/abc' });
    expect(other.body).toContain('<body>app</body>');
  });

  it('never sends an HTML file as a static file, which would skip the contact address', async () => {
    for (const url of ['/index.html', '/prerendered/rate.html']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
