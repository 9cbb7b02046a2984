// @vitest-environment happy-dom
import type { RecordingChapter, ServerRecording } from '@mohar/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { applicationQueryKey } from '@/lib/query-keys';
import { mountTranslated } from '@/lib/testing/mount';
import enApplications from '@/locales/en/applications.json';
import hiApplications from '@/locales/hi/applications.json';
import { ChapterList, ServerRecordingSection } from './server-recording-section';

// 10:00:00 IST is 04:30:00 UTC; the composed view starts at 09:59:50 IST.
const chapters: RecordingChapter[] = [
  {
    kind: 'joined',
    actorName: 'Asha Verma',
    subjectName: null,
    at: '2026-11-23T04:30:00.000Z',
    offsetMs: 10_000,
  },
  {
    kind: 'identity_confirmed',
    actorName: 'Asha Verma',
    subjectName: 'Gita Rao',
    at: '2026-11-23T04:31:05.000Z',
    offsetMs: 75_000,
  },
  {
    kind: 'sealed',
    actorName: 'Asha Verma',
    subjectName: null,
    at: '2026-11-23T04:33:00.000Z',
    offsetMs: 190_000,
  },
];

const resources = { en: { applications: enApplications }, hi: { applications: hiApplications } };

describe('the server recording’s chapters (decision 0084)', () => {
  it('lists the session’s events with their place in the view and IST time, in English and Hindi', async () => {
    const en = await mountTranslated(<ChapterList chapters={chapters} onSeek={() => {}} />, {
      language: 'en',
      resources,
    });
    const english = en.container.textContent ?? '';
    expect(english).toContain('0:10 · Asha Verma joined the session');
    expect(english).toContain('1:15 · Asha Verma confirmed the identity of Gita Rao');
    expect(english).toContain('3:10 · Asha Verma sealed the document');
    expect(english).toContain('at 10:00:00 IST');

    const hi = await mountTranslated(<ChapterList chapters={chapters} onSeek={() => {}} />, {
      language: 'hi',
      resources,
    });
    const hindi = hi.container.textContent ?? '';
    expect(hindi).toContain('0:10 · Asha Verma सत्र में जुड़े');
    expect(hindi).toContain('3:10 · Asha Verma ने दस्तावेज़ पर मुहर लगाई');
    expect(hindi).toContain('10:00:00 IST पर');
  });

  it('are buttons in a named list that move the view to the chapter (Enter or a click), once it can play', async () => {
    const sought: number[] = [];
    const { container } = await mountTranslated(
      <ChapterList chapters={chapters} onSeek={(offsetMs) => sought.push(offsetMs)} />,
      { language: 'en', resources },
    );
    expect(container.querySelector('nav')?.getAttribute('aria-label')).toBe('Chapters');
    const buttons = [...container.querySelectorAll('ol button')] as HTMLButtonElement[];
    expect(buttons).toHaveLength(3);
    // Native buttons: reachable with Tab, and Enter or Space presses them.
    buttons[1]?.click();
    buttons[2]?.click();
    expect(sought).toEqual([75_000, 190_000]);
    expect(buttons[1]?.getAttribute('aria-label')).toBe(
      '1:15 · Asha Verma confirmed the identity of Gita Rao (at 10:01:05 IST)',
    );

    // Before the view can play (being prepared, or an admin has not loaded it), the chapters are text.
    const waiting = await mountTranslated(<ChapterList chapters={chapters} onSeek={null} />, {
      language: 'en',
      resources,
    });
    expect(waiting.container.querySelectorAll('button')).toHaveLength(0);
    expect(waiting.container.textContent).toContain('0:10 · Asha Verma joined the session');
  });
});

const recording: ServerRecording = {
  applicationId: 'app-1',
  finalHash: 'a'.repeat(64),
  keptUntil: '2036-11-23T04:33:10.000Z',
  purgedAt: null,
  startedAt: '2026-11-23T04:29:50.000Z',
  endedAt: '2026-11-23T04:33:10.000Z',
  composed: { state: 'ready', sha256: 'b'.repeat(64), sizeBytes: 1_048_576 },
  chapters,
  tracks: [
    {
      id: '0',
      participantName: 'Asha Verma',
      take: 0,
      startedAt: '2026-11-23T04:29:50.000Z',
      endedAt: '2026-11-23T04:33:10.000Z',
      durationMs: 200_000,
      sizeBytes: 2_097_152,
      parts: [{ sha256: 'c'.repeat(64), sizeBytes: 2_097_152 }],
    },
  ],
};

async function section(data: ServerRecording, language: 'en' | 'hi' = 'en') {
  // The details as the API sent them; nothing is fetched again during the test.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData([...applicationQueryKey('app-1'), 'server-recording'], data);
  return mountTranslated(
    <QueryClientProvider client={client}>
      <ServerRecordingSection applicationId="app-1" enabled isAdmin={false} />
    </QueryClientProvider>,
    { language, resources },
  );
}

describe('the server recording on the application view (decision 0084)', () => {
  it('plays the composed view for the notary, and a chapter moves it there', async () => {
    const { container } = await section(recording);
    const video = container.querySelector('[data-testid="composed-view-player"]') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/v1/sessions/app-1/server-recording/composed');
    await act(async () => (container.querySelectorAll('ol button')[1] as HTMLButtonElement).click());
    expect(video.currentTime).toBe(75);
    expect(container.textContent).toContain('Asha Verma, connection 1 · 3:20 · 2.0 MB');
    expect(container.textContent).toContain('a'.repeat(64));
  });

  it('says the view is being prepared, or could not be made, in English and Hindi; the chapters are then text', async () => {
    const pending = await section({
      ...recording,
      composed: { state: 'pending', sha256: null, sizeBytes: null },
    });
    expect(pending.container.textContent).toContain('The composed view is being prepared.');
    expect(pending.container.querySelectorAll('ol button')).toHaveLength(0);
    const failed = await section(
      { ...recording, composed: { state: 'failed', sha256: null, sizeBytes: null } },
      'hi',
    );
    expect(failed.container.textContent).toContain('संयुक्त दृश्य नहीं बन सका।');
  });

  it('once its retention ended (decision 0085): no player and nothing to play, the date said, the hash kept', async () => {
    const { container } = await section({ ...recording, purgedAt: '2036-11-24T00:30:00.000Z' });
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(container.textContent).toContain(
      "The recording's files were deleted on 24 Nov 2036, 6:00 am IST, at the end of their retention period.",
    );
    expect(container.textContent).toContain('a'.repeat(64));
    const hindi = await section({ ...recording, purgedAt: '2036-11-24T00:30:00.000Z' }, 'hi');
    expect(hindi.container.textContent).toContain('रिकॉर्डिंग की फ़ाइलें');
  });
});
