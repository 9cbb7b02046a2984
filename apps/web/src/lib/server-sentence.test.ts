import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, serverSentence } from './i18n';

beforeAll(() => i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: {}, hi: {} } }));

describe('a sentence the server words for an outcome (spec §8)', () => {
  it('an English reader gets the server’s sentence, or the screen’s text when there is none', async () => {
    await i18n.changeLanguage('en');
    expect(serverSentence('Password updated successfully', 'Password updated')).toBe(
      'Password updated successfully',
    );
    expect(serverSentence('  ', 'Password updated')).toBe('Password updated');
  });

  it('a Hindi reader gets the screen’s own text: the server writes English only', async () => {
    await i18n.changeLanguage('hi');
    expect(serverSentence('Password updated successfully', 'पासवर्ड अपडेट हो गया')).toBe('पासवर्ड अपडेट हो गया');
  });
});
