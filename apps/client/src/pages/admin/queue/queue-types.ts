// What admin.queue answers and admin.decide takes, inferred from the server's router type.
import type { AppRouter } from '@exrated/server/router';
import type { inferInput, inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type AdminApi = TRPCOptionsProxy<AppRouter>['admin'];
export type Queue = inferOutput<AdminApi['queue']>;
export type QueueItem = Queue['items'][number];
export type QueueGroup = Queue['groups'][number];
type DecideInput = inferInput<AdminApi['decide']>;
export type Outcome = DecideInput['outcome'];
export type Reason = DecideInput['reason'];

/** What the queue's keyboard shortcuts do to the current entry's decision form. */
export interface FormControls {
  choose(outcome: Outcome): void;
  focusReason(): void;
  focusNote(): void;
  submit(): void;
}

/** One decision as the form collects it. */
export interface DecisionChoice {
  outcome: Outcome;
  reason: Reason;
  note: string;
}
