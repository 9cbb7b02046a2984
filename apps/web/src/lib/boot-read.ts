import { API_BASE_PATH } from './api-base';

export { API_PATHS_AT_BOOT } from './api-base';

const started = new Map<string, Promise<Response>>();

/** Reads index.html's boot script already started, by URL (public/color-scheme.js, vite-plugins/route-preloads.ts). */
type HtmlBootReads = Record<string, Promise<Response> | undefined>;

/** The read of `url` the boot script started, once: a later start asks the server again. */
function takeHtmlBootRead(url: string): Promise<Response> | undefined {
  const reads = (globalThis as { moharBootReads?: HtmlBootReads }).moharBootReads;
  const response = reads?.[url];
  if (reads) delete reads[url];
  return response;
}

/**
 * Starts a GET at boot, with the same credentials and Accept header as the API client's, unless index.html's boot
 * script has already started it (then that one is used). Its answer is kept for the first `takeBootRead` of that
 * path; a read nobody takes costs one request and nothing else.
 */
export function startBootRead(path: string): void {
  const url = `${API_BASE_PATH}${path}`;
  const response =
    takeHtmlBootRead(url) ??
    fetch(url, {
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
