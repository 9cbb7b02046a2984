import { describe, expect, it } from 'vitest';
import { auditCsvQuery, auditListParams, auditListStateOf, isFiltered } from './audit-list';

describe('the audit view’s state in the address bar', () => {
  it('reads known filters and drops unknown actions, malformed days and bad pages', () => {
    const state = auditListStateOf(
      new URLSearchParams(
        'search=MOH&action=identity.image_read&actor=a%40b.in&from=2026-11-01&to=tomorrow&page=x',
      ),
    );
    expect(state).toEqual({
      search: 'MOH',
      action: 'identity.image_read',
      actor: 'a@b.in',
      from: '2026-11-01',
      to: '',
      page: 1,
    });
    expect(auditListStateOf(new URLSearchParams('action=drop.tables')).action).toBe('');
  });

  it('writes only what narrows, and the CSV carries the filters without the page', () => {
    const state = auditListStateOf(new URLSearchParams('action=recording.read&page=3'));
    expect(auditListParams(state).toString()).toBe('action=recording.read&page=3');
    expect(auditCsvQuery(state)).toBe('?action=recording.read');
    expect(auditCsvQuery(auditListStateOf(new URLSearchParams()))).toBe('');
    expect(isFiltered(state)).toBe(true);
    expect(isFiltered(auditListStateOf(new URLSearchParams('page=2')))).toBe(false);
  });
});
