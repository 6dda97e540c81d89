import { createHash } from 'node:crypto';
import { listWaitingTexts } from '@exrated/db/queries';
import type { FastifyInstance } from 'fastify';
import type { ConsoleSmsSender, OutboxEntry } from '../services/sms/console-sms-sender';

/**
 * Outside production with the console sender, the texts it "sent" (newest first), so local users and tests
 * can read codes and links: GET /dev/outbox is a small page for people (refreshes itself when a text
 * arrives, a code copies with one click), GET /dev/outbox.json the same list for tests. `?to=+1555...`
 * filters by recipient on both. Both also list the rating texts waiting for their release time and when each
 * is due (docs/anonymity.md): with the default delay a rating's text arrives hours after the rating.
 */

/** Waiting texts listed at most. */
const WAITING_LIMIT = 50;

interface WaitingText {
  id: string;
  to: string;
  dueAt: Date;
}

// The page's only script and style, inline and allowed by their hashes: the CSP stays as strict as the API's
// otherwise (no other script, style, image or frame).
const STYLE = `
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:46rem;padding:1rem;color:#1a1b1e}
h1{font-size:1.3rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1rem 0 .5rem}p.hint{color:#5c5f66;margin:0 0 1rem}
ol{list-style:none;padding:0;margin:0}
li{border:1px solid #dee2e6;border-radius:8px;padding:.75rem;margin:0 0 .75rem}
.meta{color:#5c5f66;font-size:.85rem}
.code{font:700 2rem/1.2 ui-monospace,monospace;letter-spacing:.12em;user-select:all}
button{font:inherit;margin-left:.75rem;padding:.2rem .7rem;border-radius:6px;border:1px solid #adb5bd;background:#f8f9fa;cursor:pointer}
.body{white-space:pre-wrap;overflow-wrap:anywhere;margin:.35rem 0 0}
`;
const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest('button[data-code]');
  if (!button) return;
  navigator.clipboard.writeText(button.dataset.code).then(function () { button.textContent = 'Copied'; });
});
setInterval(function () {
  fetch('/dev/outbox.json' + location.search).then(function (response) { return response.json(); })
    .then(function (outbox) {
      var newest = outbox.messages.length ? outbox.messages[0].id : '';
      if (newest !== document.body.dataset.newest) location.reload();
    }, function () {});
}, 2000);
`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const CODE_PATTERN = /\b(\d{6})\b/;
const LINK_PATTERN = /https?:\/\/\S+/;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

function renderEntry(entry: OutboxEntry): string {
  const code = entry.kind === 'verification' ? CODE_PATTERN.exec(entry.body)?.[1] : undefined;
  const link = entry.kind === 'rating' ? LINK_PATTERN.exec(entry.body)?.[0] : undefined;
  const time = entry.sentAt.toISOString().slice(11, 19);
  return [
    '<li>',
    `<div class="meta">${time} UTC · ${entry.kind === 'verification' ? 'code' : 'rating text'} to ${escapeHtml(entry.to)}</div>`,
    code
      ? `<div><span class="code">${code}</span><button type="button" data-code="${code}">Copy</button></div>`
      : '',
    link ? `<div><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></div>` : '',
    `<p class="body">${escapeHtml(entry.body)}</p>`,
    '</li>',
  ].join('');
}

function renderWaiting(waiting: WaitingText[], now: Date): string {
  if (waiting.length === 0) return '';
  const items = waiting.map((text) => {
    const minutes = Math.max(0, Math.round((text.dueAt.getTime() - now.getTime()) / 60_000));
    const due = text.dueAt.toISOString().slice(0, 16).replace('T', ' ');
    return `<li><div class="meta">rating text to ${escapeHtml(text.to)}</div>due ${due} UTC (in ${minutes} min)</li>`;
  });
  return `<h2>Waiting for their release</h2><p class="hint">Each rating reaches its subject at a random release time (RELEASE_DELAY_MIN_MINUTES, RELEASE_DELAY_SPREAD_MINUTES, RELEASE_QUIET_HOURS; 0, 0 and off send at once).</p><ol>${items.join('')}</ol>`;
}

function renderPage(entries: OutboxEntry[], to: string | undefined, waiting: string): string {
  const list = entries.length
    ? `<ol>${entries.map(renderEntry).join('')}</ol>`
    : '<p>No texts yet. Ask for a code on /verify or rate someone: the texts appear here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>ExRated outbox</title><style>${STYLE}</style></head>
<body data-newest="${escapeHtml(entries[0]?.id ?? '')}">
<h1>Outbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p class="hint">Texts the console sender would have sent, newest first. This page refreshes itself when one arrives.</p>
${waiting}
<h2>Sent</h2>
${list}
<script>${SCRIPT}</script>
</body></html>`;
}

export async function devOutboxRoutes(app: FastifyInstance, { sender }: { sender: ConsoleSmsSender }) {
  const messagesTo = (to: string | undefined) =>
    sender.outbox().filter((message) => !to || message.to === to);

  const waitingTo = async (to: string | undefined) => {
    const now = new Date();
    const waiting = await listWaitingTexts(app.services.database.db, { now, limit: WAITING_LIMIT });
    return { now, waiting: waiting.filter((text) => !to || text.to === to) };
  };

  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', async (req) => ({
    messages: messagesTo(req.query.to),
    waiting: (await waitingTo(req.query.to)).waiting,
  }));

  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req, reply) =>
    reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderPage(
          messagesTo(req.query.to),
          req.query.to,
          await waitingTo(req.query.to).then(({ now, waiting }) => renderWaiting(waiting, now)),
        ),
      ),
  );
}
