import { type LocalSns, snsXml, startLocalSns } from './local-sns';

/**
 * The local SNS server with a switch: publishes are accepted, refused (a 500 InternalError, as during a
 * provider outage, which the health check's read gets too) or held for a while before being accepted. Opt-out checks always answer "not opted out".
 * It counts the texts it accepted, so a test can prove each notification was delivered exactly once.
 */
export type SnsMode =
  | { kind: 'ok' }
  /** Refused, after `delayMs` when given (a provider that times out slowly). */
  | { kind: 'fail'; delayMs?: number }
  | { kind: 'slow'; delayMs: number };

export interface ControllableSns {
  sns: LocalSns;
  url: string;
  setMode(mode: SnsMode): void;
  /** Accepted rating texts per notification id (from the /r/<id> link in the text). */
  acceptedByNotification(): Map<string, number>;
  /** Every accepted text, oldest first. */
  accepted(): Array<{ to: string; message: string }>;
  /** The code in the newest verification text accepted for `phone`; throws when there is none. */
  codeTextedTo(phone: string): string;
  /** Publish requests seen while refusing. */
  refusedCount(): number;
  close(): Promise<void>;
}

const RATING_LINK = /\/r\/([0-9a-f-]{36})\b/;

export async function startControllableSns(): Promise<ControllableSns> {
  const sns = await startLocalSns();
  let mode: SnsMode = { kind: 'ok' };
  const accepted: Array<{ to: string; message: string }> = [];
  let refused = 0;
  let messageCount = 0;
  sns.setReply(async (params) => {
    const action = params.get('Action');
    if (action === 'CheckIfPhoneNumberIsOptedOut') return snsXml.optedOut(false);
    const current = mode;
    // An outage takes the whole API down, the read the health check makes with it.
    if (action === 'GetSMSAttributes') {
      return current.kind === 'fail'
        ? snsXml.error('InternalError', 'The service is unavailable', 500)
        : snsXml.smsAttributes();
    }
    if (action !== 'Publish') return snsXml.error('InvalidAction', `unexpected ${action}`);
    if (current.kind === 'fail') {
      if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs));
      refused += 1;
      return snsXml.error('InternalError', 'The service is unavailable', 500);
    }
    if (current.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, current.delayMs));
    accepted.push({ to: params.get('PhoneNumber') ?? '', message: params.get('Message') ?? '' });
    messageCount += 1;
    return snsXml.publishOk(`stub-message-${messageCount}`);
  });
  return {
    sns,
    url: sns.url,
    setMode(next) {
      mode = next;
    },
    acceptedByNotification() {
      const counts = new Map<string, number>();
      for (const { message } of accepted) {
        const id = RATING_LINK.exec(message)?.[1];
        if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
    accepted: () => [...accepted],
    codeTextedTo(phone) {
      const text = accepted.filter((message) => message.to === phone).at(-1);
      const code = text ? /Your ExRated code is (\d{6})\./.exec(text.message)?.[1] : undefined;
      if (!code) throw new Error(`no code texted to ${phone}`);
      return code;
    },
    refusedCount: () => refused,
    close: () => sns.close(),
  };
}
