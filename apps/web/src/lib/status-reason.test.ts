import { describe, expect, it } from 'vitest';
import { applicationsTextIn as tIn } from './applications-text-in';
import { statusReasonText } from './status-reason';

type Reason = Parameters<typeof statusReasonText>[0];
const coded = (reasonCode: Reason['reasonCode'], reasonParams: Reason['reasonParams'] = null): Reason => ({
  reason: 'The English sentence the server stored',
  reasonCode,
  reasonParams,
});

describe('a status change’s reason', () => {
  it('says the server’s own reasons in Hindi by their code, with their values', async () => {
    const t = await tIn('hi');
    expect(statusReasonText(coded('notary_accepted'), t)).toBe('एक नोटरी ने अनुरोध स्वीकार किया');
    expect(statusReasonText(coded('paid', { receipt: 'MOH-2026-000042' }), t)).toBe(
      'भुगतान हुआ; रसीद MOH-2026-000042',
    );
    expect(statusReasonText(coded('no_notary', { minutes: '15' }), t)).toBe(
      '15 मिनट में किसी नोटरी ने स्वीकार नहीं किया',
    );
    expect(statusReasonText(coded('abandoned', { minutes: '20' }), t)).toBe('20 मिनट तक सत्र में कोई नहीं था');
    // A notary's own words are a value: kept as typed, never read as a placeholder.
    expect(statusReasonText(coded('declined', { reason: '{{count}} pages missing' }), t)).toBe(
      'नोटरी ने मना किया: {{count}} pages missing',
    );
  });

  it('says them in English from the same code', async () => {
    const t = await tIn('en');
    expect(statusReasonText(coded('start_notarization'), t)).toBe('Start Notarization');
    expect(statusReasonText(coded('sealed', { code: 'AB12-CD34' }), t)).toBe(
      'Sealed by the notary (verification code AB12-CD34)',
    );
  });

  it('shows a reason without a code as the person wrote it, even when it reads like one of the server’s', async () => {
    const hi = await tIn('hi');
    const own = (reason: string | null): Reason => ({ reason, reasonCode: null, reasonParams: null });
    expect(statusReasonText(own('Client asked to cancel by phone'), hi)).toBe(
      'Client asked to cancel by phone',
    );
    expect(statusReasonText(own('A notary accepted the request'), hi)).toBe('A notary accepted the request');
    expect(statusReasonText(own(null), hi)).toBeNull();
  });
});
