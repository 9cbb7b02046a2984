/**
 * Admin roles and what each may use (issue 22). No schema library here (`@mohar/contracts/admin-access`): the web
 * router's chunk reads it to build the navigation and guard screens without carrying zod.
 */

/** `owner` may use everything (and, later, manage other admins); the others each run one part of the console. */
export const ADMIN_ROLES = ['owner', 'support', 'content', 'finance', 'compliance'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * The parts of the console and the roles that may use each (besides `owner`). An empty list admits every admin:
 * the dashboard, which every admin lands on.
 */
export const ADMIN_AREAS = {
  dashboard: [],
  /**
   * Finding a client and reading their page: support runs accounts, and finance needs the page that holds the wallet
   * and its Adjust button (decision 0079).
   */
  clients: ['support', 'finance'],
  /** Acting on a client's account: suspend or reactivate, end sessions, resend verification, reset two-step. */
  clientActions: ['support'],
  applications: ['support'],
  support: ['support'],
  blog: ['content'],
  newsletter: ['content'],
  notaries: ['compliance'],
  refunds: ['finance'],
  fees: ['finance'],
  audit: ['compliance'],
  /** Wallet adjustments on a client's account (a ledger posting). */
  wallet: ['finance'],
  /** The other admins and their roles: the owner alone (decision 0058). */
  admins: ['owner'],
  /**
   * Outside the console (decision 0058): reading an application and what its page shows (events, document, payment,
   * invoice, identity images, session timeline) — support runs applications, compliance reviews acts, finance
   * decides their refunds. A `content` admin has no business there.
   */
  applicationRecords: ['support', 'compliance', 'finance'],
  /** A signatory's identity images (reviewing an application's people, or an act's). */
  identityImages: ['support', 'compliance'],
  /** A session's recording (the issue names recordings compliance's). */
  recordings: ['compliance'],
  /** People's withdrawal and erasure requests and what each kept under legal hold (issue 26). */
  dataRequests: ['support', 'compliance'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** Whether an admin holding `roles` may use `area`. */
export function mayUseAdminArea(roles: readonly string[], area: AdminArea): boolean {
  const allowed: readonly string[] = ADMIN_AREAS[area];
  return roles.includes('owner') || allowed.length === 0 || allowed.some((role) => roles.includes(role));
}

/**
 * Each admin dashboard count and the queue it links to (issue 22): the API list it counts and the filters, which the
 * screen puts in its address so the list it shows is the one counted (dashboard.routes.test.ts holds each count equal
 * to its queue). `today` is the IST day of the dashboard's answer.
 */
export function adminDashboardQueues(today: string) {
  const day = { from: today, to: today };
  return {
    notariesWaiting: { area: 'notaries', api: '/admin/notaries', query: { status: 'pending' } },
    refundsDue: { area: 'refunds', api: '/admin/refunds', query: { status: 'requested' } },
    sessionsLive: { area: 'applications', api: '/admin/sessions/live', query: {} },
    sealsFailed: { area: 'applications', api: '/admin/seals/failed', query: {} },
    // The inbox's default view; its late ones are those it flags (`isResponseLate`).
    ticketsOpen: { area: 'support', api: '/admin/support/tickets', query: { status: 'active' } },
    applicationsToday: { area: 'applications', api: '/admin/applications', query: { ...day } },
    revenueTodayPaise: {
      area: 'applications',
      api: '/admin/applications',
      query: { dateOf: 'paid', ...day },
    },
    actsCompletedToday: {
      area: 'applications',
      api: '/admin/applications',
      query: { status: 'notarised', dateOf: 'notarised', ...day },
    },
  } as const satisfies Record<string, { area: AdminArea; api: string; query: Record<string, string> }>;
}
export type AdminDashboardQueue = keyof ReturnType<typeof adminDashboardQueues>;
