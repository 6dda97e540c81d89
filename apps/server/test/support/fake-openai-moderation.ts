import { createServer } from 'node:http';
import { listenOnLoopback, readBody, sendJson } from './loopback-http';

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key-for-the-tests-0123';
/** Texts holding this phrase are flagged by the fake, as the real endpoint would flag a veiled threat. */
export const FLAGGED_PHRASE = 'quietly waiting';

/** How the fake answers: scores every input, fails with a 500, or stalls (never answers). */
export type ModerationMode = 'score' | 'fail' | 'stall';

const CATEGORIES = ['harassment', 'harassment/threatening', 'hate', 'self-harm', 'sexual', 'violence'];

/**
 * OpenAI's POST /v1/moderations on 127.0.0.1, speaking its wire format: a bearer key, a JSON body with
 * `model` and `input` (an array of strings), one result per input with `flagged`, `categories` and
 * `category_scores`. It keeps every request body it received.
 */
export async function startFakeOpenAiModeration() {
  let mode: ModerationMode = 'score';
  const requests: Array<{ authorization: string | undefined; body: { model: string; input: string[] } }> = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as { model: string; input: string[] };
    requests.push({ authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || req.url !== '/v1/moderations') return sendJson(res, 404, {});
    if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
      return sendJson(res, 401, { error: { message: 'Incorrect API key provided' } });
    }
    if (mode === 'fail') return sendJson(res, 500, { error: { message: 'The server had an error' } });
    if (mode === 'stall') return;
    const results = body.input.map((text) => {
      const threatening = text.toLowerCase().includes(FLAGGED_PHRASE);
      const categories = Object.fromEntries(
        CATEGORIES.map((category) => [category, threatening && category === 'harassment/threatening']),
      );
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, categories[category] ? 0.91 : 0.002]),
      );
      return { flagged: threatening, categories, category_scores: scores };
    });
    sendJson(res, 200, { id: `modr-${requests.length}`, model: 'omni-moderation-2024-09-26', results });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests,
    setMode(next: ModerationMode) {
      mode = next;
    },
    async close() {
      // Stalled requests hold their sockets open: end them so the server can close.
      server.closeAllConnections();
      await close();
    },
  };
}

export type FakeOpenAiModeration = Awaited<ReturnType<typeof startFakeOpenAiModeration>>;
