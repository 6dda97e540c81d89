import { describe, expect, it } from 'vitest';
import { fitsOneGsm7Segment } from '../sms-segments';
import { helpText, replyKeyword } from './replies';

describe('replyKeyword', () => {
  it('reads every opt-out word in any case, with spaces and punctuation around it', () => {
    for (const word of ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']) {
      expect(replyKeyword(word)).toBe('opt_out');
      expect(replyKeyword(` ${word.toLowerCase()}. `)).toBe('opt_out');
      expect(replyKeyword(`"${word[0]}${word.slice(1).toLowerCase()}!"`)).toBe('opt_out');
    }
    expect(replyKeyword('\tStop\n')).toBe('opt_out');
    expect(replyKeyword('OPT-OUT')).toBe('opt_out');
  });

  it('reads START and UNSTOP as opting in, HELP as help, and anything else as nothing', () => {
    expect(replyKeyword('start')).toBe('opt_in');
    expect(replyKeyword('Unstop!')).toBe('opt_in');
    expect(replyKeyword('help?')).toBe('help');
    expect(replyKeyword('please stop texting me')).toBe('other');
    expect(replyKeyword('stopping')).toBe('other');
    expect(replyKeyword('')).toBe('other');
  });
});

describe('helpText', () => {
  it('names ExRated and the contact in one segment', () => {
    const text = helpText('mailto:support@exrated.app');
    expect(text).toContain('ExRated');
    expect(text).toContain('support@exrated.app');
    expect(fitsOneGsm7Segment(text)).toBe(true);
    expect(fitsOneGsm7Segment(helpText(`https://example.com/${'x'.repeat(200)}`))).toBe(true);
  });
});
