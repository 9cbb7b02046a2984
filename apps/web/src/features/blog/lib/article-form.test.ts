import { describe, expect, it } from 'vitest';
import {
  articleRequestOf,
  instantOfIstInput,
  istInputOf,
  istInputOfParts,
  istInputParts,
} from './article-form';

const values = {
  title: 'Stamp duty',
  slug: ' stamp-duty ',
  categoryId: '00000000-0000-4000-8000-000000000000',
  content: '<p>Text</p>',
  metaTitle: '',
  metaDescription: '',
  publishAt: '2026-12-01T09:30',
} as const;

describe('the article form', () => {
  it('reads the schedule time as India Standard Time, both ways', () => {
    expect(instantOfIstInput('2026-12-01T09:30')).toBe('2026-12-01T04:00:00.000Z');
    expect(istInputOf('2026-12-01T04:00:00.000Z')).toBe('2026-12-01T09:30');
    expect(instantOfIstInput('tomorrow')).toBeNull();
  });

  it('is typed as a date and a 24-hour time; an impossible one is no time at all', () => {
    expect(istInputParts('2026-12-01T09:30')).toEqual({ date: '2026-12-01', time: '09:30' });
    expect(istInputOfParts({ date: '2026-12-01', time: '9:30' })).toBe('2026-12-01T09:30');
    expect(istInputOfParts({ date: '2026-12-01', time: '21.05' })).toBe('2026-12-01T21:05');
    expect(istInputOfParts({ date: '', time: '' })).toBe('');
    // Half typed: kept as it is, and refused as a time until finished.
    expect(istInputOfParts({ date: '2026-12-01', time: '9:3' })).toBe('2026-12-01T9:3');
    expect(instantOfIstInput('2026-12-01T9:3')).toBeNull();
    expect(instantOfIstInput('2026-02-31T09:30')).toBeNull();
    expect(instantOfIstInput('2026-12-01T24:00')).toBeNull();
    expect(instantOfIstInput('2026-13-01T09:30')).toBeNull();
  });

  it('sends a time only when scheduling; a draft and "publish now" send none', () => {
    expect(articleRequestOf({ ...values, publication: 'schedule' })).toMatchObject({
      slug: 'stamp-duty',
      publish: 'publish',
      publishAt: '2026-12-01T04:00:00.000Z',
    });
    expect(articleRequestOf({ ...values, publication: 'now' })).toMatchObject({
      publish: 'publish',
      publishAt: null,
    });
    expect(articleRequestOf({ ...values, publication: 'draft' })).toMatchObject({
      publish: 'draft',
      publishAt: null,
    });
  });
});
