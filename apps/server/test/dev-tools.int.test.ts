import { createHash } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess, waitFor } from './support/processes';
import { useTestApp } from './support/test-app';

/** What a newcomer's first run shows: the outbox page and human-readable development logs. */
const t = useTestApp();

async function send(phoneNumber: string) {
  const reply = await t.http({
    method: 'POST',
    url: '/trpc/verification.send',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ json: { phoneNumber } }),
  });
  expect(reply.statusCode).toBe(200);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /dev/outbox', () => {
  it('is a page of the texts, newest first, each code copyable, that refreshes itself', async () => {
    await send('+14155550121');
    await send('+447400123421');
    const [newest, older] = t.sms.outbox();
    const codeOf = (body = '') => /\d{6}/.exec(body)?.[0] ?? 'none';

    const page = await t.http({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    const newestAt = html.indexOf(`<span class="code">${codeOf(newest?.body)}</span>`);
    const olderAt = html.indexOf(`<span class="code">${codeOf(older?.body)}</span>`);
    expect(newestAt).toBeGreaterThan(0);
    expect(olderAt).toBeGreaterThan(newestAt);
    expect(html).toContain(`data-code="${codeOf(newest?.body)}"`);
    expect(html).toContain(`data-newest="${newest?.id}"`);
    expect(html).toContain("fetch('/dev/outbox.json'");

    // Its one inline style and script are allowed by their hashes and nothing else is.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src ${sha256(style)}`);
    expect(csp).toContain(`script-src ${sha256(script)}`);

    const filtered = await t.http({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent('+14155550121')}`,
    });
    expect(filtered.body).toContain(codeOf(older?.body));
    expect(filtered.body).not.toContain(`<span class="code">${codeOf(newest?.body)}</span>`);
  });

  it('keeps the list as JSON at /dev/outbox.json for tests', async () => {
    const reply = await t.http({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent('+447400123421')}`,
    });
    expect(reply.statusCode).toBe(200);
    const { messages } = reply.json() as { messages: Array<{ to: string; kind: string; body: string }> };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: '+447400123421', kind: 'verification' });
  });
});

describe('development logs', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(inject('testDatabaseServerUrl'));
    server = await startServerProcess({
      NODE_ENV: 'development',
      DATABASE_URL: database.url ?? '',
      // Unset (empty means unset): the run's password is generated and printed.
      ADMIN_PASSWORD: '',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('are readable lines with the URL, the admin login and password and each text easy to see, numbers masked', async () => {
    const reply = await fetch(`${server.baseUrl}/trpc/verification.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { phoneNumber: '+14155550131' } }),
    });
    expect(reply.status).toBe(200);
    await waitFor(
      'the request in the log',
      async () => server.output().includes('POST /trpc/verification.send'),
      5_000,
    );
    const lines = server.output().split('\n');

    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /WARN: Admin password for 'admin': \S{12,} \(set ADMIN_PASSWORD to choose one\)$/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(`INFO: ExRated is ready at ${server.baseUrl}$`));
    expect(lines).toContainEqual(expect.stringMatching(`INFO: Texts .*: ${server.baseUrl}/dev/outbox$`));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /INFO: SMS to \+\*{7}0131: Your ExRated code is \d{6}\. It expires in 10 minutes\./,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: POST \/trpc\/verification\.send 200 [\d.]+ms /),
    );
    expect(server.output()).not.toContain('4155550131');
  });
});
