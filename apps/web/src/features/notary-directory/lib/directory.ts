import { APPOINTING_GOVERNMENTS, NOTARY_LANGUAGES } from '@mohar/contracts';

export type DirectoryState = {
  search: string;
  government: string;
  language: string;
  onlineOnly: boolean;
  page: number;
};

export const DIRECTORY_PAGE_SIZE = 12;

/** What GET /notaries is asked: the filters, a page, and how many a page (the directory's own size unless given). */
export type DirectoryRequest = DirectoryState & { pageSize?: number };

/** The directory's filters from the address bar; values outside the lists are dropped (a shared link may be old). */
export function directoryStateOf(params: URLSearchParams): DirectoryState {
  const government = params.get('government') ?? '';
  const language = params.get('language') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    government: (APPOINTING_GOVERNMENTS as readonly string[]).includes(government) ? government : '',
    language: (NOTARY_LANGUAGES as readonly string[]).includes(language) ? language : '',
    onlineOnly: params.get('online') === 'true',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for a state (defaults left out), so a filtered directory can be shared. */
export function directoryParams(state: DirectoryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.government) params.set('government', state.government);
  if (state.language) params.set('language', state.language);
  if (state.onlineOnly) params.set('online', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET /notaries's query for a request. */
export function directoryQuery(state: DirectoryRequest): string {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.government) params.set('appointingGovernment', state.government);
  if (state.language) params.set('language', state.language);
  if (state.onlineOnly) params.set('onlineOnly', 'true');
  params.set('page', String(state.page));
  params.set('pageSize', String(state.pageSize ?? DIRECTORY_PAGE_SIZE));
  return `?${params.toString()}`;
}

export const hasDirectoryFilters = (state: DirectoryState) =>
  Boolean(state.search.trim() || state.government || state.language || state.onlineOnly);

/** Up to two initials for a notary without a photo: first and last name. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{M}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
