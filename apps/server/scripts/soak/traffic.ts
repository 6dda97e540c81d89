// The soak's traffic: the weighted mix of scenarios, each a timed call (or pair of calls) to the server.
import type { ControllableSns } from '../../test/support/controllable-sns';
import { Browser, type OpName, type Reply, type Sample } from './client';

export interface Scenario {
  weight: number;
  run: () => Promise<unknown>;
}

export interface Traffic {
  /** One per request, added as each one finishes. */
  samples: Sample[];
  /** The ids rating.submit answered with. */
  acceptedRatings: string[];
  /** A scenario drawn at random by weight. */
  chooseScenario: () => Scenario | undefined;
}

/** The last verification code the SNS stub accepted for `phone`. */
function codeSentTo(sns: ControllableSns, phone: string): string | undefined {
  return sns
    .accepted()
    .findLast((text) => text.to === phone)
    ?.message.match(/Your ExRated code is (\d{6})\./)?.[1];
}

export function createTraffic(options: {
  baseUrl: string;
  browsers: Browser[];
  /** Logged in as admin. */
  adminBrowser: Browser;
  sns: ControllableSns;
}): Traffic {
  const { baseUrl, browsers, adminBrowser, sns } = options;
  const samples: Sample[] = [];
  const acceptedRatings: string[] = [];
  let recipientSeq = 0;
  let verifySeq = 0;
  const pick = () => browsers[Math.floor(Math.random() * browsers.length)] ?? new Browser(baseUrl);

  const timed = async (op: OpName, run: () => Promise<Reply>): Promise<Reply> => {
    const startedAt = Date.now();
    const reply = await run();
    samples.push({
      op,
      startedAt,
      ms: Date.now() - startedAt,
      ok: reply.ok,
      status: reply.status,
      ...(reply.ok ? {} : { error: reply.error }),
    });
    return reply;
  };

  const scenarios: Scenario[] = [
    {
      weight: 25,
      run: () => timed('rating.questions', () => new Browser(baseUrl).call('query', 'rating.questions')),
    },
    { weight: 20, run: () => timed('profile.me', () => pick().call('query', 'profile.me')) },
    {
      weight: 25,
      run: async () => {
        recipientSeq += 1;
        const reply = await timed('rating.submit', () =>
          pick().call('mutation', 'rating.submit', {
            name: 'Alex S.',
            relationshipType: 'casual',
            phoneNumber: `+447400${String(recipientSeq).padStart(6, '0')}`,
            scores: [1, 2, 3, 4, 5].map((questionId) => ({
              questionId,
              score: 1 + ((questionId * recipientSeq) % 10),
            })),
            testimonial: 'Kind, funny and always late.',
          }),
        );
        const ratingId = (reply.data as { ratingId?: string } | undefined)?.ratingId;
        if (reply.ok && ratingId) acceptedRatings.push(ratingId);
      },
    },
    {
      weight: 15,
      run: async () => {
        verifySeq += 1;
        const phone = `+447500${String(verifySeq).padStart(6, '0')}`;
        const browser = new Browser(baseUrl);
        const sent = await timed('verification.send', () =>
          browser.call('mutation', 'verification.send', { phoneNumber: phone }),
        );
        if (!sent.ok) return;
        await timed('verification.check', async () => {
          const code = codeSentTo(sns, phone);
          if (!code) return { ok: false, status: 0, data: undefined, error: 'no code reached the SNS stub' };
          const checked = await browser.call('mutation', 'verification.check', {
            phoneNumber: phone,
            code,
          });
          const verified = (checked.data as { verified?: boolean } | undefined)?.verified === true;
          return verified || !checked.ok ? checked : { ...checked, ok: false, error: 'code not accepted' };
        });
      },
    },
    {
      weight: 15,
      run: () => {
        const reads: Array<[string, unknown]> = [
          ['admin.dashboard', undefined],
          ['admin.logs', {}],
          ['admin.profiles', {}],
          ['admin.errorLogs', {}],
        ];
        const [procedure, input] = reads[Math.floor(Math.random() * reads.length)] ??
          reads[0] ?? ['', undefined];
        return timed('admin.read', () => adminBrowser.call('query', procedure, input));
      },
    },
  ];
  const totalWeight = scenarios.reduce((sum, scenario) => sum + scenario.weight, 0);
  const chooseScenario = () => {
    let roll = Math.random() * totalWeight;
    for (const scenario of scenarios) {
      roll -= scenario.weight;
      if (roll < 0) return scenario;
    }
    return scenarios[0];
  };

  return { samples, acceptedRatings, chooseScenario };
}
