/**
 * The one place app code reports an error it has already handled for the user (spec §8: a failed blog fetch is
 * logged, never shown). Callers keep working; this only leaves a trace for whoever debugs the page.
 */
export function reportError(context: string, error: unknown): void {
  // biome-ignore lint/suspicious/noConsole: the browser console is the only log sink the web app has until a client error-reporting endpoint exists; this is the single allowed call.
  console.error(`[mohar] ${context}`, error);
}
