import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender, SmsSendResult } from './sms-sender';

export interface OutboxEntry extends SmsMessage {
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

  /** `print` gets one line per text; the app hands it to its logger, which masks the number. */
  constructor(
    private readonly print: (line: string) => void,
    private readonly capacity = 200,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const entry: OutboxEntry = { ...message, id: randomUUID(), sentAt: new Date() };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
    this.print(`SMS to ${message.to}: ${message.body}`);
    return { messageId: entry.id };
  }

  async isOptedOut(): Promise<boolean> {
    return false;
  }

  /** Newest first. */
  outbox(): OutboxEntry[] {
    return [...this.entries].reverse();
  }
}
