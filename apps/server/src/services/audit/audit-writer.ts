import type { ErrorSeverity, NewErrorLogEntry, NewLogEntry } from '@exrated/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from './audit-log';

export interface AuditActor {
  /** The acting device session's public id (never its token). */
  userId: string | null;
  /** The acting person's proven phone, when there is one. */
  phoneNumber: string | null;
  /** The acting staff member's name: every entry of a staff request names its author (docs/staff.md). */
  staff?: string;
}

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** Sees every activity entry as it is recorded (the metrics count actions from it). */
export type AuditObserver = (action: string, details: Record<string, unknown> | null) => void;

export interface ErrorEntry {
  action?: string;
  message: string;
  stack?: string | null;
  severity?: ErrorSeverity;
  errorType?: string;
  componentName?: string | null;
  url?: string | null;
  details?: Record<string, unknown>;
  phoneNumber?: string | null;
}

/**
 * Collects one request's activity and error entries and hands them to the process's AuditLog when the
 * request ends, which writes them in one insert (with other requests' entries when several end together).
 * A failure to write is logged and swallowed there: auditing never fails the user's action.
 */
export class AuditWriter {
  private readonly logEntries: NewLogEntry[] = [];
  private readonly errorEntries: NewErrorLogEntry[] = [];
  private actor: AuditActor = { userId: null, phoneNumber: null };
  private meta: RequestMeta;

  constructor(
    private readonly auditLog: AuditLog,
    meta: RequestMeta,
    private readonly logger: FastifyBaseLogger,
    private readonly observe: AuditObserver = () => {},
  ) {
    this.meta = meta;
  }

  setActor(actor: AuditActor) {
    this.actor = actor;
  }

  /**
   * The request deleted its own person (account deletion): its entries, those recorded so far included, keep
   * no session, phone, address or browser.
   */
  forgetRequester() {
    this.actor = { userId: null, phoneNumber: null };
    this.meta = { ipAddress: null, userAgent: null };
    for (const entry of [...this.logEntries, ...this.errorEntries]) {
      Object.assign(entry, { userId: null, phoneNumber: null, ipAddress: null, userAgent: null });
    }
  }

  /** Records an activity entry; `phoneNumber` overrides the actor's (e.g. the phone being verified). */
  log(action: string, details?: Record<string, unknown>, options: { phoneNumber?: string | null } = {}) {
    this.observe(action, details ?? null);
    const staff = this.actor.staff;
    this.logEntries.push({
      action,
      details: staff === undefined ? (details ?? null) : { ...details, staff },
      userId: this.actor.userId,
      phoneNumber: options.phoneNumber !== undefined ? options.phoneNumber : this.actor.phoneNumber,
      ipAddress: this.meta.ipAddress,
      userAgent: this.meta.userAgent,
    });
  }

  /**
   * Records what happened to a number on a request that is not the requester's own doing (a code the number's
   * ledger did not text, the state of its live code): with no session, address or browser, so no export of the
   * requester's shows it, and nothing of theirs stays in it once they delete their account
   * (docs/anonymity.md#non-interference).
   */
  logAboutNumber(action: string, details: Record<string, unknown>, phoneNumber: string) {
    this.observe(action, details);
    this.logEntries.push({ action, details, userId: null, phoneNumber, ipAddress: null, userAgent: null });
  }

  error(entry: ErrorEntry) {
    this.errorEntries.push({
      errorMessage: entry.message,
      errorStack: entry.stack ?? null,
      errorType: entry.errorType ?? 'runtime',
      severity: entry.severity ?? 'medium',
      componentName: entry.componentName ?? null,
      url: entry.url ?? null,
      details: entry.action ? { action: entry.action, ...entry.details } : (entry.details ?? null),
      userId: this.actor.userId,
      phoneNumber: entry.phoneNumber !== undefined ? entry.phoneNumber : this.actor.phoneNumber,
      ipAddress: this.meta.ipAddress,
      userAgent: this.meta.userAgent,
    });
  }

  get pending() {
    return { logs: [...this.logEntries], errors: [...this.errorEntries] };
  }

  /** Hands the entries recorded so far to the AuditLog; resolves once written (or once the write failed). */
  async flush(): Promise<void> {
    if (this.logEntries.length === 0 && this.errorEntries.length === 0) return;
    const entries = { logs: this.logEntries.splice(0), errors: this.errorEntries.splice(0) };
    await this.auditLog.write(entries, this.logger);
  }
}
