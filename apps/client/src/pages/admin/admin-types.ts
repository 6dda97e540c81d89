// What the admin procedures answer, inferred from the server's router type (the only thing the client takes
// from the server).
import type { AppRouter } from '@exrated/server/router';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type AdminApi = TRPCOptionsProxy<AppRouter>['admin'];

export type DashboardData = inferOutput<AdminApi['dashboard']>;
export type AdminProfileRow = inferOutput<AdminApi['profiles']>['profiles'][number];
export type ProfileDetail = inferOutput<AdminApi['profile']>;
export type AdminRating = ProfileDetail['ratingsGiven'][number];
export type LogEntry = inferOutput<AdminApi['logs']>['entries'][number];
export type ErrorLogEntry = inferOutput<AdminApi['errorLogs']>['entries'][number];
export type VerificationHistoryEntry = ProfileDetail['verificationHistory'][number];
