import { describe, expect, it } from 'vitest';
import { directoryQueryOf, NOTARY_PAGE_SIZE } from './get-directory';

describe('the notary picker’s directory query', () => {
  it('sends only the filters in use, with the page and page size', () => {
    expect(directoryQueryOf({ search: '', language: '', onlineOnly: false, page: 1 })).toBe(
      `?page=1&pageSize=${NOTARY_PAGE_SIZE}`,
    );
    expect(directoryQueryOf({ search: ' Rao ', language: 'Marathi', onlineOnly: true, page: 3 })).toBe(
      `?search=Rao&language=Marathi&onlineOnly=true&page=3&pageSize=${NOTARY_PAGE_SIZE}`,
    );
  });
});
