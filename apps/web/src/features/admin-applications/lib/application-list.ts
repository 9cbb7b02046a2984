import {
  ADMIN_APPLICATION_DATE_FIELDS,
  type AdminApplicationDateField,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  NOTARIAL_ACTS,
  type NotarialAct,
} from '@mohar/contracts';

/**
 * The console's application list state. It lives in the address bar under the API's own names (so the dashboard's
 * links, which carry the API's filters, open the very list they counted); amounts are paise there and rupees in the
 * form.
 */
export type ApplicationListState = {
  search: string;
  status: ApplicationStatus | '';
  notary: string;
  act: NotarialAct | '';
  from: string;
  to: string;
  dateOf: AdminApplicationDateField;
  minPaise: string;
  maxPaise: string;
  isStuckOnly: boolean;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAISE = /^\d{1,12}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : '';

/** The list's state from the address bar; anything malformed is left out rather than sent to be refused. */
export function applicationListStateOf(params: URLSearchParams): ApplicationListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? (params.get(key) ?? '') : '');
  const paise = (key: string) => (PAISE.test(params.get(key) ?? '') ? (params.get(key) ?? '') : '');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    status: oneOf(APPLICATION_STATUSES, params.get('status')),
    notary: UUID.test(params.get('notary') ?? '') ? (params.get('notary') ?? '') : '',
    act: oneOf(NOTARIAL_ACTS, params.get('act')),
    from: day('from'),
    to: day('to'),
    dateOf: oneOf(ADMIN_APPLICATION_DATE_FIELDS, params.get('dateOf')) || 'created',
    minPaise: paise('minPaise'),
    maxPaise: paise('maxPaise'),
    isStuckOnly: params.get('stuck') === 'true',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for a list state (defaults left out), which is also the API's query. */
export function applicationListParams(state: ApplicationListState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => {
    if (value) params.set(key, value);
  };
  set('search', state.search.trim());
  set('status', state.status);
  set('notary', state.notary);
  set('act', state.act);
  set('from', state.from);
  set('to', state.to);
  if ((state.from || state.to) && state.dateOf !== 'created') params.set('dateOf', state.dateOf);
  set('minPaise', state.minPaise);
  set('maxPaise', state.maxPaise);
  if (state.isStuckOnly) params.set('stuck', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Whether any filter narrows the list (the empty state says so, and offers to clear them). */
export const isFiltered = (state: ApplicationListState) =>
  [...applicationListParams({ ...state, page: 1 }).keys()].length > 0;

/** Rupees typed in the form → the paise the address holds ('' for nothing or not a number). */
export function paiseOfRupees(rupees: string): string {
  const value = Number(rupees.trim());
  if (rupees.trim() === '' || !Number.isFinite(value) || value < 0) return '';
  return String(Math.round(value * 100));
}

/** Paise from the address → rupees for the form field. */
export const rupeesOfPaise = (paise: string) => (paise === '' ? '' : String(Number(paise) / 100));
