import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from './dependency-errors';

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe('isDependencyUnavailable', () => {
  it('knows Postgres and Redis being away, however deep the cause', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('write CONNECT_TIMEOUT 127.0.0.1:5432', 'CONNECT_TIMEOUT'),
      withCode('stalled', 'CONNECTION_STALLED'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Command timed out'),
      new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ]) {
      expect(isDependencyUnavailable(error), error.message).toBe(true);
    }
  });

  it('leaves ExRated’s own faults and data errors alone', () => {
    for (const error of [
      new Error('forced profile failure'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('raise exception', 'P0001'),
      new TypeError('x is not a function'),
      'a string',
      null,
    ]) {
      expect(isDependencyUnavailable(error)).toBe(false);
    }
  });
});
