import type { Config } from '../../config';
import { AwsSmsSender } from './aws-sms-sender';
import { createSmsProviders, WEBHOOK_PATHS } from './sms-providers';
import { SnsSmsSender } from './sns-sms-sender';
import { TwilioSmsSender } from './twilio-sms-sender';

export interface SmsCheckReport {
  /** What was checked and found right, one line each. */
  ok: string[];
  problems: string[];
  /** The webhook URLs to register with the providers. */
  webhooks: string[];
}

/**
 * `pnpm sms:check`: sends nothing. Reads the providers' accounts (credentials, the sending number, the
 * configuration set) and posts an unsigned call to each webhook, which must answer 403: reachable at
 * PUBLIC_URL, and refusing what the provider did not sign.
 */
export async function checkSmsSetup(config: Config): Promise<SmsCheckReport> {
  const report: SmsCheckReport = { ok: [], problems: [], webhooks: [] };
  const providers = createSmsProviders(config, () => undefined);
  for (const provider of providers) {
    try {
      if (provider instanceof TwilioSmsSender || provider instanceof AwsSmsSender) {
        const problems = await provider.checkAccount();
        report.problems.push(...problems);
        if (problems.length === 0) report.ok.push(`${provider.name}: account, sender and settings found`);
      } else if (provider instanceof SnsSmsSender) {
        await provider.checkHealth();
        report.ok.push('sns: credentials accepted (SNS Publish: no delivery receipts)');
      } else {
        report.problems.push('console: texts are only printed; set SMS_PROVIDER to twilio or sns');
      }
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      report.problems.push(
        `${provider.name}: ${error instanceof Error ? error.message : String(error)}${cause}`,
      );
    }
  }
  const used = new Set(providers.map((provider) => provider.name));
  const paths: string[] = [];
  if (used.has('twilio')) paths.push(WEBHOOK_PATHS.twilioStatus, WEBHOOK_PATHS.twilioInbound);
  if (used.has('sns') && config.sms.sns.configurationSet) paths.push(WEBHOOK_PATHS.sns);
  for (const path of paths) {
    const url = `${config.publicUrl}${path}`;
    report.webhooks.push(url);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 403) report.ok.push(`${url}: reachable, refuses unsigned calls`);
      else report.problems.push(`${url}: answered ${response.status} to an unsigned call (expected 403)`);
    } catch (error) {
      report.problems.push(
        `${url}: not reachable (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  return report;
}
