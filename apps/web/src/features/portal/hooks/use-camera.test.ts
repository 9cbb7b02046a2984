import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './use-camera';

describe('why the camera did not start', () => {
  it('tells a blocked permission from a missing or busy camera', () => {
    expect(cameraProblemOf(new DOMException('denied', 'NotAllowedError'))).toBe('blocked');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('missing');
    expect(cameraProblemOf(new DOMException('in use', 'NotReadableError'))).toBe('busy');
    expect(cameraProblemOf(new Error('strange'))).toBe('other');
    expect(cameraProblemOf(null)).toBe('other');
  });
});
