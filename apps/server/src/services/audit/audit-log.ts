import type { Database } from '@exrated/db';
import { type AuditEntries, insertAuditEntries } from '@exrated/db/queries';
import type { FastifyBaseLogger } from 'fastify';

/** Writes at once while fewer are on their way; entries arriving beyond this wait for the next write. */
const WRITES_IN_FLIGHT = 2;
/** Keeps one statement's JSON small even when a stalled database lets thousands of requests queue. */
const MAX_WRITERS_PER_STATEMENT = 200;

interface Waiting {
  entries: AuditEntries;
  /** The writer's logger (a request's carries its id), for a write of its entries that fails. */
  logger: FastifyBaseLogger;
  written: () => void;
}

/**
 * The process's one writer of audit entries (docs/security.md#audit). A request hands over its entries when
 * it ends and its promise resolves once they are committed, so a response still goes out after its audit
 * trail is durable. Idle, a hand-over is written at once; while writes are on their way, the hand-overs
 * arriving meanwhile go together in the next one: under load one statement and one commit carry many
 * requests' entries, where each request used to pay a commit of its own (a submission's seven rows, a code
 * check's two). A failed write is logged and swallowed: auditing never fails the user's action. A write of
 * several requests that fails is retried one request at a time, so one request's bad entries lose no one
 * else's.
 */
export class AuditLog {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Resolves when the entries are committed, or their write failed and was logged; never rejects. */
  write(entries: AuditEntries, logger: FastifyBaseLogger = this.logger): Promise<void> {
    if (entries.logs.length === 0 && entries.errors.length === 0) return Promise.resolve();
    return new Promise((written) => {
      this.waiting.push({ entries, logger, written });
      if (this.inFlight < WRITES_IN_FLIGHT) void this.writeWaiting();
    });
  }

  private async writeWaiting() {
    this.inFlight += 1;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_WRITERS_PER_STATEMENT);
        await this.writeBatch(batch);
        for (const waiting of batch) waiting.written();
      }
    } finally {
      this.inFlight -= 1;
    }
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    const [only] = batch;
    if (batch.length === 1 && only) return this.writeAlone(only);
    try {
      await insertAuditEntries(this.db, {
        logs: batch.flatMap((waiting) => waiting.entries.logs),
        errors: batch.flatMap((waiting) => waiting.entries.errors),
      });
    } catch {
      for (const waiting of batch) await this.writeAlone(waiting);
    }
  }

  private async writeAlone({ entries, logger }: Waiting): Promise<void> {
    try {
      await insertAuditEntries(this.db, entries);
    } catch (error) {
      logger.error(
        { err: error, actions: entries.logs.map((entry) => entry.action), errors: entries.errors.length },
        'audit write failed',
      );
    }
  }
}
