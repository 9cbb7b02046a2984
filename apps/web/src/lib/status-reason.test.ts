import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import enApplications from '../locales/en/applications.json';
import hiApplications from '../locales/hi/applications.json';
import { statusReasonText } from './status-reason';

async function tIn(language: 'en' | 'hi') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { applications: enApplications }, hi: { applications: hiApplications } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'applications');
}

describe('a status change’s reason', () => {
  it('reads the server’s own reasons in Hindi, with their values', async () => {
    const t = await tIn('hi');
    expect(statusReasonText('A notary accepted the request', t)).toBe('एक नोटरी ने अनुरोध स्वीकार किया');
    expect(statusReasonText('Paid; receipt MOH-2026-000042', t)).toBe('भुगतान हुआ; रसीद MOH-2026-000042');
    expect(statusReasonText('No notary accepted within 15 minutes', t)).toBe(
      '15 मिनट में किसी नोटरी ने स्वीकार नहीं किया',
    );
    expect(statusReasonText('The notary declined: {{count}} pages missing', t)).toBe(
      'नोटरी ने मना किया: {{count}} pages missing',
    );
  });

  it('says them in English as the server wrote them, and leaves a person’s own words alone', async () => {
    const t = await tIn('en');
    for (const reason of ['Start Notarization', 'Sealed by the notary (verification code AB12-CD34)'])
      expect(statusReasonText(reason, t)).toBe(reason);
    expect(statusReasonText('Client asked to cancel by phone', await tIn('hi'))).toBe(
      'Client asked to cancel by phone',
    );
  });
});
