// Libraries only some requests need (image processing, PDFs, certificates), loaded on first use instead of at start:
// each stays in memory once loaded, and an idle server or one that only answers reads never holds them
// (decision 0024). Node caches a module after its first import, so these cost nothing after the first call.

/** sharp (libvips): decoding, re-encoding and rendering images. */
export async function loadSharp() {
  return (await import('sharp')).default;
}

/** pg-boss (with OpenTelemetry's API and its cron parsers): only a server whose jobs run on the queue needs it. */
export async function loadPgBoss() {
  return (await import('pg-boss')).PgBoss;
}
