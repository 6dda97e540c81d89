import { ConfigError, loadConfig } from '../../src/config';

/** The problems loadConfig names for `env`; a configuration that loads fails the test. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}
