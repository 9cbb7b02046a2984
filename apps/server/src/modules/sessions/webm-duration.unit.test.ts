import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withDuration } from './webm-duration.ts';

// About 6 seconds of Chromium's fake camera and microphone, recorded with MediaRecorder in 1-second chunks
// (video/webm; codecs=vp8,opus), as the notary's browser records a session.
const recording = () => readFile(new URL('./fixtures/chromium-recording.webm', import.meta.url));

describe('the recording’s duration', () => {
  it('is missing from what MediaRecorder writes, and set from the stream’s own timecodes', async () => {
    const original = await recording();
    const { webm, durationMs } = withDuration(original);
    expect(durationMs).toBeGreaterThan(5_000);
    expect(durationMs).toBeLessThan(8_000);
    // Only the Duration element is added: 11 bytes, in the Info header; the media is untouched.
    expect(webm.length).toBe(original.length + 11);
    expect(webm.subarray(webm.length - 100_000).equals(original.subarray(original.length - 100_000))).toBe(
      true,
    );
    // Read back, the file now states it: a second pass finds it and keeps it.
    const again = withDuration(webm);
    expect(again.durationMs).toBe(durationMs);
    expect(again.webm.equals(webm)).toBe(true);
  });

  it('refuses what is not WebM, or is cut short, with a clear error', async () => {
    expect(() => withDuration(Buffer.from('%PDF-1.7 not a video'))).toThrow(/not a WebM file/);
    const original = await recording();
    expect(() => withDuration(original.subarray(0, 20))).toThrow(/WebM/);
  });
});
