export * from './audit';
export * from './moderation';
export * from './notifications';
export * from './profiles';
export * from './ratings';
export * from './relations';
export * from './sessions';
export * from './settings';
