import { describe, expect, it } from 'vitest';
import {
  directoryParams,
  directoryQuery,
  directoryStateOf,
  hasDirectoryFilters,
  initialsOf,
} from './directory';

describe('the public directory', () => {
  it('reads its filters from the address bar, dropping values outside the lists', () => {
    expect(
      directoryStateOf(new URLSearchParams('search=Iyer&government=Delhi&language=Tamil&online=true&page=2')),
    ).toEqual({ search: 'Iyer', government: 'Delhi', language: 'Tamil', onlineOnly: true, page: 2 });
    expect(directoryStateOf(new URLSearchParams('government=Atlantis&language=Klingon&page=x'))).toEqual({
      search: '',
      government: '',
      language: '',
      onlineOnly: false,
      page: 1,
    });
  });

  it('asks the API with its own parameter names, a page at a time', () => {
    const state = { search: ' Ravi ', government: 'Delhi', language: '', onlineOnly: true, page: 1 };
    expect(directoryQuery(state)).toBe(
      '?search=Ravi&appointingGovernment=Delhi&onlineOnly=true&page=1&pageSize=12',
    );
    expect(directoryParams(state).toString()).toBe('search=Ravi&government=Delhi&online=true');
    expect(hasDirectoryFilters(state)).toBe(true);
    expect(hasDirectoryFilters({ ...state, search: ' ', government: '', onlineOnly: false })).toBe(false);
  });

  it('asks for a smaller page when the caller says so (the wizard’s notary picker), sending only the filters in use', () => {
    const picker = { search: '', government: '', language: '', onlineOnly: false, page: 1, pageSize: 6 };
    expect(directoryQuery(picker)).toBe('?page=1&pageSize=6');
    expect(
      directoryQuery({ ...picker, search: ' Rao ', language: 'Marathi', onlineOnly: true, page: 3 }),
    ).toBe('?search=Rao&language=Marathi&onlineOnly=true&page=3&pageSize=6');
  });

  it('initials: first and last name, ignoring titles’ punctuation', () => {
    expect(initialsOf('Ravi Kumar Iyer')).toBe('RI');
    expect(initialsOf('Adv. meera')).toBe('AM');
    expect(initialsOf('Priya')).toBe('P');
    expect(initialsOf('रवि अय्यर')).toBe('रअ');
  });
});
