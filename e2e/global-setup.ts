import { EMPTY_URL, SEEDED_URL } from './fixtures/app.ts';

/**
 * The servers have answered their health check, but each process still loads parts of itself on first use (lazy
 * modules, the first database reads, the first static files). One round of the requests every page makes, before the
 * first test, so that test does not pay for it against its own time limits.
 */
export default async function warmUp() {
  const paths = [
    '/home',
    '/login',
    '/assets/',
    '/api/v1/site-info',
    '/api/v1/session',
    '/api/v1/blogs',
    '/api/v1/notaries',
  ];
  await Promise.all(
    [SEEDED_URL, EMPTY_URL].flatMap((base) =>
      paths.map((path) =>
        fetch(`${base}${path}`).then(
          (response) => response.arrayBuffer(),
          () => undefined,
        ),
      ),
    ),
  );
}
