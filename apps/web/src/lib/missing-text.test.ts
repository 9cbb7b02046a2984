import { type ApplicationMissingItem, MISSING_CODES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { applicationsTextIn as tIn } from './applications-text-in';
import { missingText } from './missing-text';

const item = (code: ApplicationMissingItem['code'], signatoryName?: string): ApplicationMissingItem => ({
  step: 'details',
  code,
  message: 'The server’s English sentence',
  ...(signatoryName ? { signatoryName } : {}),
});

describe('what still stops a submission, in the reader’s language', () => {
  it('words every code the server sends in English and in Hindi, never as its key or the server’s English', async () => {
    const [en, hi] = await Promise.all([tIn('en'), tIn('hi')]);
    for (const code of MISSING_CODES) {
      const english = missingText(item(code), en);
      const hindi = missingText(item(code), hi);
      expect(english, code).not.toMatch(/^missing\.|server’s English/);
      expect(hindi, code).toMatch(/[\u0900-\u097F]/);
      expect(hindi, code).not.toBe(english);
    }
  });

  it('names the signatory who is too young, with the age from the contracts', async () => {
    expect(missingText(item('signatory_age', 'Ravi Kumar'), await tIn('hi'))).toBe(
      'हस्ताक्षर करने के लिए Ravi Kumar की आयु कम से कम 18 वर्ष होनी चाहिए।',
    );
    expect(missingText(item('signatory_age', 'Ravi Kumar'), await tIn('en'))).toBe(
      'Ravi Kumar must be 18 or older to sign.',
    );
  });
});
