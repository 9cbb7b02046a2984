/**
 * Query keys more than one feature touches. The session is read by the guard and the shell and written by login,
 * logout and the profile screens, so its key lives here rather than inside one feature.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in notary's own application: onboarding writes it, the dashboard reads it and sets availability. */
export const NOTARY_PROFILE_QUERY_KEY = ['notary', 'profile'] as const;
