import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, sendJson } from './loopback-http';

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key-for-the-tests-0123';
/** Texts holding this phrase are flagged by the fakes, as a real classifier would flag a veiled threat. */
export const FLAGGED_PHRASE = 'quietly waiting';

/** How a fake answers: scores every input, fails with a 500, or stalls (never answers). */
export type ModerationMode = 'score' | 'fail' | 'stall';

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  body: Record<string, unknown>;
  flagged: (text: string) => boolean;
}

/** A provider's endpoint on 127.0.0.1: its wire format in `answer`, the modes and the requests kept here. */
async function startFake(
  answer: (exchange: Exchange) => void,
  failure: Record<string, unknown>,
  type: string,
) {
  let mode: ModerationMode = 'score';
  const requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push({ headers: req.headers, body });
    if (mode === 'fail') return sendJson(res, 500, failure, type);
    if (mode === 'stall') return;
    answer({ req, res, body, flagged: (text) => text.toLowerCase().includes(FLAGGED_PHRASE) });
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

export type FakeModeration = Awaited<ReturnType<typeof startFake>>;

const OPENAI_CATEGORIES = ['harassment', 'harassment/threatening', 'hate', 'self-harm', 'sexual', 'violence'];

/**
 * OpenAI's POST /v1/moderations: a bearer key, a JSON body with `model` and `input` (an array of strings),
 * one result per input with `flagged`, `categories` and `category_scores`.
 */
export function startFakeOpenAiModeration() {
  return startFake(
    ({ req, res, body, flagged }) => {
      if (req.method !== 'POST' || req.url !== '/v1/moderations') return sendJson(res, 404, {});
      if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
        return sendJson(res, 401, { error: { message: 'Incorrect API key provided' } });
      }
      const results = (body.input as string[]).map((text) => {
        const threatening = flagged(text);
        const categories = Object.fromEntries(
          OPENAI_CATEGORIES.map((category) => [
            category,
            threatening && category === 'harassment/threatening',
          ]),
        );
        const scores = Object.fromEntries(
          OPENAI_CATEGORIES.map((category) => [category, categories[category] ? 0.91 : 0.002]),
        );
        return { flagged: threatening, categories, category_scores: scores };
      });
      sendJson(res, 200, { id: 'modr-fake', model: 'omni-moderation-2024-09-26', results });
    },
    { error: { message: 'The server had an error' } },
    'application/json',
  );
}

const AWS_JSON = 'application/x-amz-json-1.1';

/**
 * AWS Comprehend's DetectToxicContent, AWS JSON 1.1: the action in X-Amz-Target, a signed request whose body
 * has `LanguageCode` and `TextSegments`, one entry of `ResultList` per segment with its `Labels` and
 * `Toxicity`. Profanity is scored high on every segment, as the real service scores a sworn review.
 */
export function startFakeComprehend() {
  return startFake(
    ({ req, res, body, flagged }) => {
      if (req.headers['x-amz-target'] !== 'Comprehend_20171127.DetectToxicContent') {
        return sendJson(res, 400, { __type: 'UnknownOperationException' }, AWS_JSON);
      }
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        return sendJson(res, 403, { __type: 'MissingAuthenticationTokenException' }, AWS_JSON);
      }
      const ResultList = (body.TextSegments as Array<{ Text: string }>).map(({ Text }) => {
        const threat = flagged(Text) ? 0.88 : 0.01;
        return {
          Labels: [
            { Name: 'PROFANITY', Score: 0.93 },
            { Name: 'VIOLENCE_OR_THREAT', Score: threat },
            { Name: 'HATE_SPEECH', Score: 0.01 },
          ],
          Toxicity: Math.max(threat, 0.6),
        };
      });
      sendJson(res, 200, { ResultList }, AWS_JSON);
    },
    { __type: 'InternalServerException', Message: 'Internal failure' },
    AWS_JSON,
  );
}
