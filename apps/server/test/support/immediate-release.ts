/**
 * Tests and local runs whose texts must go out at once: no release delay and no quiet hours (the release
 * time is then the moment a rating comes to stand; docs/anonymity.md). Production keeps the defaults.
 */
export const IMMEDIATE_RELEASE_ENV = {
  RELEASE_DELAY_MIN_MINUTES: '0',
  RELEASE_DELAY_SPREAD_MINUTES: '0',
  RELEASE_QUIET_HOURS: 'off',
} as const;
