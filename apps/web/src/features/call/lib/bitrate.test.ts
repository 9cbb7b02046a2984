import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BPS, MIN_VIDEO_BPS, VIDEO_UPLINK_BUDGET_BPS, videoBitrateFor } from './bitrate';

describe('video bitrate in the mesh: one uplink shared by every outgoing stream', () => {
  it('a two-person call sends the best picture a camera gives', () => {
    expect(videoBitrateFor(1)).toBe(MAX_VIDEO_BPS);
    expect(videoBitrateFor(0)).toBe(MAX_VIDEO_BPS);
  });

  it('with more people each stream gets an even share, never more than the budget in all', () => {
    expect(videoBitrateFor(2)).toBe(1_000_000);
    expect(videoBitrateFor(4)).toBe(500_000);
    for (const peers of [2, 3, 4, 5, 6])
      expect(videoBitrateFor(peers) * peers).toBeLessThanOrEqual(VIDEO_UPLINK_BUDGET_BPS + peers);
  });

  it('never drops below what the notary needs to recognise a face (7 in a call: 6 others)', () => {
    expect(videoBitrateFor(6)).toBe(333_333);
    expect(videoBitrateFor(20)).toBe(MIN_VIDEO_BPS);
  });
});
