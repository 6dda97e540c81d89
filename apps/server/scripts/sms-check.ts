// `pnpm sms:check`: verifies the SMS providers' credentials, numbers and webhook reachability without
// sending a text (docs/sms.md). Exits 1 when anything is wrong.
import { configOrExit, loadConfig } from '../src/config';
import { checkSmsSetup } from '../src/services/sms/sms-check';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const config = configOrExit(() => loadConfig());
const report = await checkSmsSetup(config);
for (const line of report.ok) process.stdout.write(`ok       ${line}\n`);
for (const line of report.problems) process.stdout.write(`PROBLEM  ${line}\n`);
if (report.webhooks.length > 0) {
  process.stdout.write(
    `\nWebhook URLs to register:\n${report.webhooks.map((url) => `  ${url}`).join('\n')}\n`,
  );
}
process.exit(report.problems.length > 0 ? 1 : 0);
