import { describe, expect, it } from 'vitest';
import { configProblems } from '../../test/support/config-problems';
import { loadConfig, loadMigrationConfig } from '.';

const dataDir = `/tmp/exrated-config-test-${process.pid}`;

const problemsOf = (env: Record<string, string>) => configProblems({ DATA_DIR: dataDir, ...env });

describe('loadConfig', () => {
  it('starts on the embedded default with no configuration at all', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      smsProvider: 'console',
      cookieSecure: false,
      trustProxy: false,
      allowedSmsCountries: ['US', 'GB', 'CA', 'AU'],
      logRetentionDays: 180,
    });
    expect(config.limits.verificationTextsPerPhonePerDay).toBe(10);
    expect(config.limits.ratingsPerNumberPerDay).toBe(3);
    expect(config.limits.verificationSendsPerIpPerHour).toBe(20);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so a restart keeps cookies and codes valid.
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('names each bad variable', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual(['DATABASE_URL: must be a postgres:// URL']);
    expect(problemsOf({ COOKIE_SECURE: 'maybe' })).toEqual(['COOKIE_SECURE: must be true or false']);
    expect(problemsOf({ ALLOWED_SMS_COUNTRIES: 'US,Canada' })[0]).toMatch(/^ALLOWED_SMS_COUNTRIES/);
    expect(problemsOf({ SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ LIMIT_RATINGS_PER_IP_PER_HOUR: '0' })[0]).toMatch(/^LIMIT_RATINGS_PER_IP_PER_HOUR/);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY/);
  });

  it('screens with the rules alone by default, and with OpenAI moderation only with its key', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).classifier).toMatchObject({ provider: 'off', timeoutMs: 1500 });
    expect(problemsOf({ SCREENING_CLASSIFIER: 'openai' })).toEqual([
      'OPENAI_API_KEY: required when SCREENING_CLASSIFIER is openai',
    ]);
    expect(problemsOf({ SCREENING_CLASSIFIER: 'perspective' })).toEqual([
      'SCREENING_CLASSIFIER: must be off, openai or comprehend',
    ]);
    expect(problemsOf({ SCREENING_CLASSIFIER_TIMEOUT_MS: '20' })[0]).toMatch(
      /^SCREENING_CLASSIFIER_TIMEOUT_MS/,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      SCREENING_CLASSIFIER: 'openai',
      OPENAI_API_KEY: 'sk-0123456789abcdefghij',
      OPENAI_BASE_URL: 'https://proxy.example/',
    });
    expect(config.classifier).toMatchObject({
      provider: 'openai',
      costUsdPerCall: 0,
      openai: { apiKey: 'sk-0123456789abcdefghij', baseUrl: 'https://proxy.example' },
    });
  });

  it('reads SESSION_SECRET as a comma-separated list during a rotation: the first signs', () => {
    const [current, previous] = ['n'.repeat(32), 'o'.repeat(40)];
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: ` ${current} , ${previous} ` });
    expect(config.sessionSecret).toBe(current);
    expect(config.previousSessionSecrets).toEqual([previous]);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: current }).previousSessionSecrets).toEqual([]);
    expect(problemsOf({ SESSION_SECRET: `${current},short` })).toEqual([
      'SESSION_SECRET: must be at least 32 characters',
    ]);
  });

  it('writes JSON logs except in development, and serves /metrics only with a token', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(problemsOf({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT: must be pretty or json']);
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
  });

  it('refuses unsafe production settings, naming every one', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET: required in production',
        'ADMIN_PASSWORD: required in production',
        'SMS_PROVIDER: the console sender is refused in production; use sns (AWS) or twilio',
        'DATABASE_URL: required in production',
      ]),
    );
  });

  it('accepts a complete production configuration with secure cookies by default', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'correct horse battery',
      SMS_PROVIDER: 'sns',
      PUBLIC_URL: 'https://exrated.app/',
      DATABASE_URL: 'postgres://app@db/exrated',
      TRUST_PROXY: '1',
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.publicUrl).toBe('https://exrated.app');
    expect(config.trustProxy).toBe(1);
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});

describe('loadMigrationConfig', () => {
  it('needs only the database in production, not the app secrets', () => {
    expect(
      loadMigrationConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://exrated@db:5432/exrated' }),
    ).toEqual({ databaseUrl: 'postgres://exrated@db:5432/exrated', dataDir: '.data' });
  });

  it('refuses production without DATABASE_URL and a URL that is not Postgres', () => {
    expect(() => loadMigrationConfig({ NODE_ENV: 'production' })).toThrow(
      'DATABASE_URL: required in production',
    );
    expect(() => loadMigrationConfig({ DATABASE_URL: 'mysql://db/exrated' })).toThrow(
      'DATABASE_URL: must be a postgres:// URL',
    );
  });

  it('uses the embedded database outside production', () => {
    expect(loadMigrationConfig({ DATA_DIR: dataDir })).toEqual({ databaseUrl: undefined, dataDir });
  });
});
