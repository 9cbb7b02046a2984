/** Where the JSON API lives; a module of its own so the boot can call it without the API client (and zod). */
export const API_BASE_PATH = '/api/v1';
