import { describe, expect, it } from 'vitest';
import callTexts from '../../../locales/en/call.json';
import { MEDIA_PROBLEMS, mediaProblemKeys, mediaProblemOf } from './media-problem';

const named = (name: string) => Object.assign(new Error('media'), { name });

describe('why the camera or microphone did not start', () => {
  it('is "blocked" when the person or the browser refused permission', () => {
    expect(mediaProblemOf(named('NotAllowedError'))).toBe('blocked');
    expect(mediaProblemOf(named('PermissionDeniedError'))).toBe('blocked');
  });

  it('is "missing" when there is no camera or microphone (or the chosen one is gone)', () => {
    expect(mediaProblemOf(named('NotFoundError'))).toBe('missing');
    expect(mediaProblemOf(named('OverconstrainedError'))).toBe('missing');
  });

  it('is "busy" when another app holds the device', () => {
    expect(mediaProblemOf(named('NotReadableError'))).toBe('busy');
    expect(mediaProblemOf(named('TrackStartError'))).toBe('busy');
  });

  it('is "insecure" on a page the browser does not trust with devices', () => {
    expect(mediaProblemOf(named('SecurityError'))).toBe('insecure');
  });

  it('is "other" for anything else, including non-errors', () => {
    expect(mediaProblemOf(named('TypeError'))).toBe('other');
    expect(mediaProblemOf(null)).toBe('other');
    expect(mediaProblemOf('denied')).toBe('other');
  });
});

describe('the explanation of each problem', () => {
  const lookup = (path: string) =>
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], callTexts);

  it.each(MEDIA_PROBLEMS)('"%s" has a title and a body in English', (problem) => {
    const keys = mediaProblemKeys(problem);
    expect(lookup(keys.title)).toEqual(expect.any(String));
    expect(lookup(keys.body)).toEqual(expect.any(String));
  });
});
