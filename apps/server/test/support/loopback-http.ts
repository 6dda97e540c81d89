import type { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body as text: the fake providers read small form or JSON bodies. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
) {
  res.writeHead(status, { 'content-type': contentType });
  res.end(JSON.stringify(body));
}
