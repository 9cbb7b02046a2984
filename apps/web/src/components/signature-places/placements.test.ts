import { describe, expect, it } from 'vitest';
import { type EditablePlacement, sortForList, toRequest } from './placements';

const A4 = { x: 0, y: 0, width: 595, height: 842, rotation: 0 };
const box = (options: Partial<EditablePlacement> & { key: string }): EditablePlacement => ({
  signatoryId: 'a',
  page: 0,
  x: 100,
  y: 100,
  width: 150,
  height: 50,
  ...options,
});

describe('toRequest', () => {
  it('sends the boxes without their editing keys, with the initials choice', () => {
    const request = toRequest({
      placements: [box({ key: 'k1', signatoryId: 's1', page: 1, x: 10.123, y: 20 })],
      pages: [A4, A4],
      initialsOnEveryPage: true,
    });
    expect(request).toEqual({
      placements: [{ signatoryId: 's1', page: 1, x: 10.12, y: 20, width: 150, height: 50 }],
      initialsOnEveryPage: true,
    });
  });

  it('sends no boxes when everyone signs in the default block', () => {
    expect(toRequest({ placements: [], pages: [A4], initialsOnEveryPage: false })).toEqual({
      placements: [],
      initialsOnEveryPage: false,
    });
  });
});

describe('sortForList', () => {
  it('lists boxes by page, then in signing order, then from the top of the page down', () => {
    const sorted = sortForList({
      signatoryIds: ['first', 'second'],
      placements: [
        box({ key: 'p2', page: 1, signatoryId: 'first' }),
        box({ key: 'second-low', signatoryId: 'second', y: 100 }),
        box({ key: 'first', signatoryId: 'first' }),
        box({ key: 'second-high', signatoryId: 'second', y: 600 }),
      ],
    });
    expect(sorted.map((p) => p.key)).toEqual(['first', 'second-high', 'second-low', 'p2']);
  });
});
