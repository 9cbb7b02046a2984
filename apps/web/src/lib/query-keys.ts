/**
 * Query keys more than one feature touches. The session is read by the guard and the shell and written by login,
 * logout and the profile screens, so its key lives here rather than inside one feature.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in notary's own application: onboarding writes it, the dashboard reads it and sets availability. */
export const NOTARY_PROFILE_QUERY_KEY = ['notary', 'profile'] as const;

/** Applications: the wizard writes one, the view reads and changes it, the list shows them all. */
export const APPLICATIONS_QUERY_KEY = ['applications'] as const;
export const applicationQueryKey = (id: string) => ['applications', 'one', id] as const;
export const applicationListQueryKey = (query: Record<string, unknown>) =>
  ['applications', 'list', query] as const;

/**
 * Money about one application (GET /applications/:id/payment). Below the application's key, so refreshing an
 * application refreshes its payments too; payments read it, the view's admin actions change it.
 */
export const applicationPaymentQueryKey = (id: string) => [...applicationQueryKey(id), 'payment'] as const;

/** The client's wallet (balance and transactions): paying from it, refunds and cancellations change it. */
export const WALLET_QUERY_KEY = ['wallet'] as const;

/** The signed-in user's notifications: the bell's feed (first page) and the Notifications page's pages below it. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const notificationsFeedQueryKey = [...NOTIFICATIONS_QUERY_KEY, 'feed'] as const;
export const notificationsPageQueryKey = (page: number) =>
  [...NOTIFICATIONS_QUERY_KEY, 'page', page] as const;

/** The signed-in notary's queue of requests to accept (GET /notary/requests): the Requests page reads it. */
export const NOTARY_REQUESTS_QUERY_KEY = ['notary', 'requests'] as const;
