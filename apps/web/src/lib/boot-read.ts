import { API_BASE_PATH } from './api-base';

/** API reads the boot may start before the code that uses them has loaded. */
export const API_PATHS_AT_BOOT = { session: '/session', blogs: '/blogs' } as const;

const started = new Map<string, Promise<Response>>();

/**
 * Starts a GET at boot, with the same credentials and Accept header as the API client's. Its answer is kept for the
 * first `takeBootRead` of that path; a read nobody takes costs one request and nothing else.
 */
export function startBootRead(path: string): void {
  const response = fetch(`${API_BASE_PATH}${path}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  // Taken later; a network failure is reported by the API client then, never as an unhandled rejection now.
  response.catch(() => {});
  started.set(path, response);
}

/** The boot's read of `path` if it was started, without taking it (for boot code that needs the answer too). */
export const peekBootRead = (path: string): Promise<Response> | undefined => started.get(path);

/** The boot's read of `path`, once: later calls (a refetch) go to the network. */
export function takeBootRead(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}

/**
 * Boot reads serve the first screen only: once the app moves to another page, an answer nobody took is dropped, so a
 * later read of that path asks the server again instead of taking an old answer.
 */
export function dropBootReads(): void {
  started.clear();
}
