import { nextClientAddress } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** Built signatories as their own browsers: each link's token and an address of its own (for portalCall). */
export function atOwnAddresses<T extends { token?: string | undefined }>(signatories: T[]) {
  return signatories.map((s) => ({ ...s, token: s.token ?? '', address: nextClientAddress() }));
}

/** A request to the portal from the signatory's own address. */
export function portalCall(
  t: TestApp,
  signatory: { token: string; address: string },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1/access/${signatory.token}${path}`,
    headers,
    remoteAddress: signatory.address,
    ...(payload ? { payload } : {}),
  });
}
