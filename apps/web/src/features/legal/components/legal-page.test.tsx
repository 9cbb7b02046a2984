// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderHtml } from '@/lib/testing/render-html';
import en from '@/locales/en/legal.json';
import hi from '@/locales/hi/legal.json';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsPage } from './terms-page';

async function pageIn(language: 'en' | 'hi', page: React.ReactNode) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { legal: en }, hi: { legal: hi } },
    interpolation: { escapeValue: false },
  });
  return renderHtml(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the legal pages in the reader’s language (issue 23)', () => {
  it('in Hindi: the whole text in Hindi, with the notice that the English text governs', async () => {
    const terms = await pageIn('hi', <TermsPage />);
    expect(terms).toContain('data-testid="legal-translation-notice"');
    expect(terms).toContain('अंग्रेज़ी पाठ ही मान्य होगा');
    expect(terms).toContain('1. इन शर्तों के बारे में');
    expect(terms).toContain('ये शर्तें 01.01.2025 से प्रभावी हैं।');
    expect(terms).toContain('आपकी आयु कम से कम 18 वर्ष होनी चाहिए');
    expect(terms).toContain('मध्यस्थता का स्थान नई दिल्ली है');
    // Links keep their places, in Hindi words.
    expect(terms).toMatch(new RegExp(`href="${paths.legal.refund()}"[^>]*>रिफ़ंड नीति<`));
    expect(terms).not.toContain('These General Terms and Conditions');

    const privacy = await pageIn('hi', <PrivacyPolicyPage />);
    expect(privacy).toContain('हम इसे कितने समय तक रखते हैं');
    expect(privacy).toContain('लेने के 90 दिन बाद, फिर हटा दी जाती हैं।');
  });

  it('in English: the governing text, with no translation notice', async () => {
    const terms = await pageIn('en', <TermsPage />);
    expect(terms).not.toContain('legal-translation-notice');
    expect(terms).toContain('You must be at least 18 years old');
    expect(terms).toContain('settle it by discussion for 30 business days');
    expect(terms).toMatch(new RegExp(`href="${paths.contact()}"[^>]*>Customer Support<`));
  });
});
