import { API_BASE } from '@/lib/api-client';

/**
 * A save sent while the page is going away (pagehide): `keepalive` lets the request outlive the document, which an
 * ordinary fetch does not. Nobody is left to read the answer, so only failure is reported.
 */
export async function sendKeepalive(options: { method: 'PATCH' | 'PUT'; path: string; body: unknown }) {
  const response = await fetch(`${API_BASE}${options.path}`, {
    method: options.method,
    credentials: 'include',
    keepalive: true,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(response.statusText || 'Request failed');
}
