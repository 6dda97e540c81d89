import { describe, expect, it } from 'vitest';
import { notificationIdFromLink } from './notification-link';

const ID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

describe('notificationIdFromLink', () => {
  it('reads the id of a texted link however it was copied', () => {
    expect(notificationIdFromLink(`https://exrated.app/r/${ID}`)).toBe(ID);
    expect(notificationIdFromLink(`  exrated.app/r/${ID.toUpperCase()} `)).toBe(ID);
    expect(notificationIdFromLink(`See what they said: https://exrated.app/r/${ID} Reply STOP`)).toBe(ID);
  });

  it('finds nothing in what is not a rating link', () => {
    expect(notificationIdFromLink('')).toBeNull();
    expect(notificationIdFromLink('https://exrated.app/profile')).toBeNull();
    expect(notificationIdFromLink('https://exrated.app/r/123')).toBeNull();
  });
});
