import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature';

// Twilio's published examples (its webhook security page and its SDKs' tests): auth token 12345, this URL.
const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = (caller: string) =>
  new URLSearchParams({
    CallSid: 'CA1234567890ABCDE',
    Caller: caller,
    Digits: '1234',
    From: caller,
    To: '+18005551212',
  });

describe('twilioSignature', () => {
  it("reproduces Twilio's documented signatures", () => {
    expect(twilioSignature('12345', URL_, params('+12349013030'))).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(twilioSignature('12345', URL_, params('+14158675309'))).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('refuses a missing header, another token, another URL and a changed parameter', () => {
    const good = twilioSignature('12345', URL_, params('+12349013030'));
    expect(isValidTwilioSignature('12345', URL_, params('+12349013030'), good)).toBe(true);
    expect(isValidTwilioSignature('12345', URL_, params('+12349013030'), undefined)).toBe(false);
    expect(isValidTwilioSignature('54321', URL_, params('+12349013030'), good)).toBe(false);
    expect(isValidTwilioSignature('12345', `${URL_}&x=1`, params('+12349013030'), good)).toBe(false);
    expect(isValidTwilioSignature('12345', URL_, params('+12349013031'), good)).toBe(false);
    expect(isValidTwilioSignature('12345', URL_, params('+12349013030'), `${good}x`)).toBe(false);
  });
});
