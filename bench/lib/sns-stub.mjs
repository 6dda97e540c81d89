import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A local endpoint speaking the SNS query protocol (like apps/server/test/support/local-sns.ts), so the
 * production bundle's real AWS SDK sender talks to it through AWS_ENDPOINT_URL_SNS. It runs in its own
 * process, so a busy load generator never delays the server's texts; every verification code it receives
 * goes to the bench over IPC, which is how the bench completes verification.check.
 */
const NS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const CODE = /Your ExRated code is (\d{6})/;
// Far above any wait the pacer makes a code take under the bench's load.
const CODE_WAIT_MS = 60_000;

function reply(params, messageId) {
  switch (params.get('Action')) {
    case 'Publish':
      return `<PublishResponse xmlns="${NS}"><PublishResult><MessageId>bench-${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></PublishResponse>`;
    case 'CheckIfPhoneNumberIsOptedOut':
      return `<CheckIfPhoneNumberIsOptedOutResponse xmlns="${NS}"><CheckIfPhoneNumberIsOptedOutResult><isOptedOut>false</isOptedOut></CheckIfPhoneNumberIsOptedOutResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></CheckIfPhoneNumberIsOptedOutResponse>`;
    case 'GetSMSAttributes':
      return `<GetSMSAttributesResponse xmlns="${NS}"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></GetSMSAttributesResponse>`;
    default:
      return `<OptInPhoneNumberResponse xmlns="${NS}"><OptInPhoneNumberResult/><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></OptInPhoneNumberResponse>`;
  }
}

function serveStub() {
  let published = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      if (params.get('Action') === 'Publish') {
        published++;
        const match = CODE.exec(params.get('Message') ?? '');
        if (match) process.send({ phone: params.get('PhoneNumber'), code: match[1] });
      }
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(reply(params, published));
    });
  });
  // Node closes an idle keep-alive socket after 5 s; the SDK could pick one up in the moment it closed
  // ('socket hang up', one failed pair in a run, with AWS_MAX_ATTEMPTS=1). SNS's endpoints keep them longer.
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
}

export async function startSnsStub() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const codes = new Map();
  const waiters = new Map();
  const port = await new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.port) resolve(message.port);
      if (!message.phone) return;
      const waiter = waiters.get(message.phone);
      if (waiter) {
        waiters.delete(message.phone);
        waiter(message.code);
      } else codes.set(message.phone, message.code);
    });
    child.once('exit', (code) => reject(new Error(`SNS stub exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** The code last texted to `phone`, now or as soon as it arrives; an error after CODE_WAIT_MS. */
    takeCode(phone) {
      const known = codes.get(phone);
      if (known) {
        codes.delete(phone);
        return Promise.resolve(known);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(phone);
          reject(new Error(`no code texted to ${phone} within ${CODE_WAIT_MS / 1000} s`));
        }, CODE_WAIT_MS);
        waiters.set(phone, (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    },
    close() {
      child.disconnect();
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

if (process.argv.includes('--serve') && process.send) serveStub();
