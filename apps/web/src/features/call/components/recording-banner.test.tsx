// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '@/lib/testing/render-html';
import enCall from '@/locales/en/call.json';
import hiCall from '@/locales/hi/call.json';
import { RecordingWarning } from './recording-banner';

function render(node: ReactNode, language: 'en' | 'hi') {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    defaultNS: 'call',
    resources: { en: { call: enCall }, hi: { call: hiCall } },
    interpolation: { escapeValue: false },
  });
  return renderHtml(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );
}

describe('the recording warning (decision 0081)', () => {
  it('tells everyone in the call, in English and Hindi, whose audio and video do not reach the recorder', () => {
    for (const isNotary of [false, true]) {
      const en = render(<RecordingWarning state="stale" isNotary={isNotary} missing={['Gita Rao']} />, 'en');
      expect(en).toContain('The audio and video of Gita Rao are not reaching the recorder');
      const hi = render(<RecordingWarning state="stale" isNotary={isNotary} missing={['Gita Rao']} />, 'hi');
      expect(hi).toContain('Gita Rao का ऑडियो और वीडियो रिकॉर्डर तक नहीं पहुँच रहा है');
    }
    // Only the notary is told the act waits for it.
    expect(render(<RecordingWarning state="stale" isNotary missing={['Gita Rao']} />, 'en')).toContain(
      'Nothing can be decided, signed or sealed',
    );
    expect(render(<RecordingWarning state="recording" isNotary missing={[]} />, 'en')).not.toContain(
      'not reaching the recorder',
    );
  });
});
