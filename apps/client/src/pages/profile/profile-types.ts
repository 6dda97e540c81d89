import type { AppRouter } from '@exrated/server/router';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type Api = TRPCOptionsProxy<AppRouter>;

export type ReceivedRatings = inferOutput<Api['profile']['ratingsReceived']>;
export type ReceivedRating = ReceivedRatings['ratings'][number];
export type RatingSummary = ReceivedRatings['summary'];
