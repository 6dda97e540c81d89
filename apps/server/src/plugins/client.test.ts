import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
});
