import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSettledSearch } from './use-settled-search';

/**
 * A searchable, paged list whose state lives in the address bar (so a reload or a shared link shows the same page):
 * the state read from it, the search box's text (applied once settled, back to page 1), and `go` to move.
 */
export function useUrlListState<S extends { search: string; page: number }>(codec: {
  read: (params: URLSearchParams) => S;
  write: (state: S) => URLSearchParams;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = codec.read(searchParams);
  const [search, setSearch] = useState(state.search);
  const go = (next: S, options: { replace?: boolean } = {}) =>
    setSearchParams(codec.write(next), { replace: options.replace, preventScrollReset: true });
  useSettledSearch({
    value: search,
    current: state.search,
    onSettle: (value) => go({ ...state, search: value, page: 1 }, { replace: true }),
  });
  return { state, search, setSearch, go };
}
