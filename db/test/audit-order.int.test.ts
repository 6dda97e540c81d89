import { expect, it } from 'vitest';
import { insertAuditEntries, listErrorLogsByPhone, listLogsByPhone } from '../src/queries';
import { describeOnBothDrivers } from './test-database';

const PHONE = '+14155550123';

// Entries written by one request share its moment; the admin pages list them newest first in write order.
describeOnBothDrivers('audit entries of one request on %s', (database) => {
  it('come out newest first in the order they were written', async () => {
    const actions = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];
    const messages = ['error one', 'error two', 'error three'];
    await insertAuditEntries(database().db, {
      logs: actions.map((action) => ({ action, phoneNumber: PHONE })),
      errors: messages.map((errorMessage) => ({ errorMessage, phoneNumber: PHONE })),
    });
    const logs = await listLogsByPhone(database().db, { phoneNumber: PHONE, limit: 100 });
    expect(logs.map((entry) => entry.action)).toEqual([...actions].reverse());
    const errors = await listErrorLogsByPhone(database().db, { phoneNumber: PHONE, limit: 100 });
    expect(errors.map((entry) => entry.errorMessage)).toEqual([...messages].reverse());
  });
});
