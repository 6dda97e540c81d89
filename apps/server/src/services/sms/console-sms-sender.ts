import { randomUUID } from 'node:crypto';
import type { SmsAttemptQuery, SmsLookupResult, SmsMessage, SmsSender, SmsSendResult } from './sms-sender';

export interface OutboxEntry extends Omit<SmsMessage, 'reference'> {
  id: string;
  sentAt: Date;
}

/**
 * The embedded default's SMS sender: prints every text and keeps the most recent ones, so a local user (and
 * the tests) can read codes and links through GET /dev/outbox. Refused in production by the config.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  private readonly entries: OutboxEntry[] = [];
  /** Our reference of each kept text, so a lost answer can be looked up as at a real provider. */
  private readonly references = new Map<string, string>();

  /** `print` gets one line per text; the app hands it to its logger, which masks the number. */
  constructor(
    private readonly print: (line: string) => void,
    private readonly capacity = 200,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const entry: OutboxEntry = {
      to: message.to,
      body: message.body,
      kind: message.kind,
      id: randomUUID(),
      sentAt: new Date(),
    };
    this.entries.push(entry);
    if (message.reference) this.references.set(message.reference, entry.id);
    if (this.entries.length > this.capacity) {
      this.entries.shift();
      // References are few bytes each; forgetting the oldest keeps the map bounded like the entries.
      const oldest = this.references.keys().next().value;
      if (oldest !== undefined && this.references.size > this.capacity) this.references.delete(oldest);
    }
    this.print(`SMS to ${message.to}: ${message.body}`);
    return { messageId: entry.id };
  }

  async isOptedOut(): Promise<boolean> {
    return false;
  }

  /** What it printed is all it knows: an attempt it kept was sent, any other was not. */
  async lookup(query: SmsAttemptQuery): Promise<SmsLookupResult> {
    const messageId = this.references.get(query.reference);
    return messageId ? { found: true, messageId } : { found: false, final: true };
  }

  /** Newest first. */
  outbox(): OutboxEntry[] {
    return [...this.entries].reverse();
  }
}
