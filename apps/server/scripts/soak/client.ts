// The soak's HTTP client: a browser whose every failure becomes a Reply, and the timed Sample of one request.
import { FetchBrowser } from '../../test/support/processes';

export type OpName =
  | 'rating.questions'
  | 'profile.me'
  | 'rating.submit'
  | 'verification.send'
  | 'verification.check'
  | 'admin.read';

export interface Sample {
  op: OpName;
  startedAt: number;
  ms: number;
  ok: boolean;
  status: number;
  error?: string;
}

export interface Reply {
  ok: boolean;
  status: number;
  data: unknown;
  error?: string;
}

/** One browser (the fault suites' FetchBrowser) whose failures, network ones included, become a Reply. */
export class Browser {
  private readonly browser = new FetchBrowser();
  constructor(private readonly baseUrl: string) {}

  async call(kind: 'query' | 'mutation', procedure: string, input?: unknown): Promise<Reply> {
    try {
      const reply = await this.browser.call(this.baseUrl, kind, procedure, input, {
        signal: AbortSignal.timeout(15_000),
      });
      return {
        ok: reply.status >= 200 && reply.status < 300,
        status: reply.status,
        data: reply.data,
        error: reply.error
          ? `${reply.error.data?.code ?? reply.error.code}: ${reply.error.message}`
          : undefined,
      };
    } catch (error) {
      return { ok: false, status: 0, data: undefined, error: String(error) };
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
