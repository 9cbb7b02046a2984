// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartNotarization } from '@/components/start-notarization';
import { formatClock, formatTimeLeft, secondsUntil } from '@/lib/countdown';
import { renderHtml } from '@/lib/testing/render-html';
import enApplications from '@/locales/en/applications.json';
import enCommon from '@/locales/en/common.json';
import enRequests from '@/locales/en/requests.json';
import hiCommon from '@/locales/hi/common.json';
import { RequestCard } from './request-card';

// The deadline the server gave (the open request's expiresAt), and a moment exactly ten minutes before it.
const deadline = '2026-11-25T12:10:00.000Z';
const tenBefore = new Date('2026-11-25T12:00:00.000Z').getTime();

function i18nFor(language: 'en' | 'hi') {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, requests: enRequests, applications: enApplications },
      hi: { common: hiCommon },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const render = (node: ReactNode, language: 'en' | 'hi' = 'en') =>
  renderHtml(
    <I18nextProvider i18n={i18nFor(language)}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );

describe('one countdown for one server deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(tenBefore);
  });
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds, rounded up, as m:ss', () => {
    expect(secondsUntil(deadline, tenBefore)).toBe(600);
    expect(secondsUntil(deadline, tenBefore + 500)).toBe(600);
    expect(formatClock(599)).toBe('9:59');
    expect(secondsUntil(deadline, tenBefore + 11 * 60_000)).toBe(0);
    expect(secondsUntil('not a date', tenBefore)).toBeNull();
  });

  it('reads the same in English and Hindi', () => {
    expect(formatTimeLeft(i18nFor('en').t, deadline, tenBefore)).toBe('10:00 left');
    expect(formatTimeLeft(i18nFor('hi').t, deadline, tenBefore)).toBe('10:00 बाकी');
  });

  it('the waiting client and the notary see the same time left', () => {
    const client = render(
      <StartNotarization
        status="waiting_for_notary"
        notaryName={null}
        expiresAt={deadline}
        start={async () => ({ expiresAt: deadline })}
        remind={async () => ({ message: '' })}
        refresh={async () => null}
      />,
    );
    const notary = render(
      <RequestCard
        request={{
          _id: 'r1',
          applicationId: 'a1',
          title: 'Rent agreement',
          documentType: null,
          notarialAct: null,
          signatoryCount: 2,
          isForMe: false,
          createdAt: '2026-11-25T11:59:00.000Z',
          expiresAt: deadline,
        }}
        now={tenBefore}
        isAccepting={false}
        isBusy={false}
        onAccept={() => {}}
        onDecline={() => {}}
      />,
    );
    expect(client).toContain('10:00 left');
    expect(notary).toContain('10:00 left');
    expect(notary).not.toContain('11 min');
  });
});
