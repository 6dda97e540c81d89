// Every SQL statement of the app lives in this folder, one file per domain: (db, params) => result.
export * from './admin-dashboard';
export * from './admin-logs';
export * from './admin-profiles';
export * from './audit';
export * from './author-records';
export * from './data-rights';
export * from './moderation';
export * from './notices';
export * from './notifications';
export * from './profiles';
export * from './ratings';
export * from './received-ratings';
export * from './sessions';
export * from './settings';
export * from './staff';
export * from './staff-passkeys';
export * from './transparency';
