/** Where the JSON API lives; a module of its own so the boot can call it without the API client (and zod). */
export const API_BASE_PATH = '/api/v1';

/** API reads the boot may start before the code that uses them has loaded (lib/boot-read.ts, the build's preloads). */
export const API_PATHS_AT_BOOT = { session: '/session', blogs: '/blogs' } as const;
