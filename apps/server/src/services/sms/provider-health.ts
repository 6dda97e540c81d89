import type { SmsDeliveryError } from './sms-sender';

/** How long after a check said a provider was back, and a text then failed, before it is checked again. */
const FIRST_RECHECK_MS = 1_000;
/** The longest wait between checks while reading works and sending does not. */
const MAX_RECHECK_MS = 60_000;
/** How often a provider nothing was heard from is checked while up, so an outage is known before a text fails. */
export const HEALTH_WATCH_MS = 10_000;

/**
 * Whether a failure tells of the provider rather than of the number: it could not be reached, its answer was
 * lost, or it refused our credentials, account or sender (`accountRefused`, the senders' error mapping). A refusal of one number (its format, its opt-out, a carrier's block)
 * says nothing of the next one, and must not let anyone turn codes off for everybody.
 */
export function tellsOfProvider(error: SmsDeliveryError): boolean {
  return error.kind === 'unreachable' || error.kind === 'unknown' || error.accountRefused;
}

/**
 * What an instance knows of whether a provider can take a code text now, so that a code request texted and
 * one answered without a text get the same answer during an outage (docs/anonymity.md#non-interference). A
 * provider is up until a text to it fails for a reason that tells of the provider; then it is down, and every
 * code request, texted or not, is refused the same way, until the provider's check (a read that sends no
 * text) passes. A check that passes while texts keep failing (reading works, sending does not) is trusted
 * again only after a wait that doubles each time, so such an outage answers alike nearly all of the time.
 * While up, a provider nothing was heard from for HEALTH_WATCH_MS is checked too (`watch`), so the first code
 * request of an outage is not the one that finds it.
 */
export class ProviderHealth {
  private down = false;
  /** The provider is up because a check said so, not because a text went through. */
  private upByCheck = false;
  private recheckMs = 0;
  private nextCheckAt = 0;
  private checking: Promise<boolean> | null = null;
  private heardAt: number;

  constructor(
    private readonly check: () => Promise<void>,
    private readonly onChange: (up: boolean) => void = () => {},
    // Real time, as the waits between checks are (the app's clock may be a test's).
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.heardAt = clock();
  }

  /** A text went through: the provider is up, and the next outage starts from the first wait. */
  sent() {
    this.heardAt = this.clock();
    this.upByCheck = false;
    this.recheckMs = 0;
    this.markUp();
  }

  failed(error: SmsDeliveryError) {
    if (!tellsOfProvider(error) || this.down) return;
    // A provider that answered and refused the text for a reason of our account's (a full queue, a spending
    // limit, a sender it will not send from) most likely reads as well as ever: its check says little, so it
    // is first asked after a wait, as when texts failed right behind a passing check.
    const floor = this.upByCheck || error.accountRefused ? FIRST_RECHECK_MS : 0;
    const doubled = this.upByCheck ? this.recheckMs * 2 : 0;
    this.goDown(Math.min(Math.max(doubled, floor), MAX_RECHECK_MS));
  }

  /** Whether a code text may be tried now; while down, asks the provider's check (one at a time). */
  async usable(): Promise<boolean> {
    if (!this.down) return true;
    if (this.clock() < this.nextCheckAt) return false;
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** While up and unheard from for HEALTH_WATCH_MS, checks; a failed check takes it down. */
  async watch(): Promise<void> {
    if (this.down || this.checking || this.clock() - this.heardAt < HEALTH_WATCH_MS) return;
    this.heardAt = this.clock();
    try {
      await this.check();
    } catch {
      // Reading fails too: a plain outage, checked again at the next code request.
      if (!this.down) this.goDown(0);
    }
  }

  private async runCheck(): Promise<boolean> {
    this.heardAt = this.clock();
    try {
      await this.check();
    } catch {
      return false;
    }
    this.upByCheck = true;
    this.markUp();
    return true;
  }

  private goDown(recheckMs: number) {
    this.heardAt = this.clock();
    this.recheckMs = recheckMs;
    this.nextCheckAt = this.clock() + recheckMs;
    this.down = true;
    this.onChange(false);
  }

  private markUp() {
    if (!this.down) return;
    this.down = false;
    this.onChange(true);
  }
}
