import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookErrors } from './webhooks.errors.ts';

/**
 * Addresses a webhook may not reach in production (SSRF): loopback, private, link-local (cloud metadata), carrier
 * NAT, unspecified, multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is checked as IPv4).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type TargetPolicy = { env: 'development' | 'production' | 'test' };

/**
 * Whether a URL may receive webhooks. HTTPS everywhere but development and test (where a local receiver is plain
 * HTTP); in production no private or loopback address, by literal or by what the name resolves to. Checked when the
 * endpoint is saved and again before every attempt, since a name may be pointed elsewhere later (DNS rebinding
 * narrows to the gap between this lookup and the connection's own).
 */
export async function assertAllowedTarget(url: string, policy: TargetPolicy) {
  if (!URL.canParse(url)) throw webhookErrors.notHttps();
  const parsed = new URL(url);
  const isLocalEnv = policy.env !== 'production';
  if (parsed.protocol !== 'https:' && !(isLocalEnv && parsed.protocol === 'http:'))
    throw webhookErrors.notHttps();
  if (isLocalEnv) return;
  if (parsed.username || parsed.password) throw webhookErrors.privateAddress();
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
    throw webhookErrors.privateAddress();
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw webhookErrors.privateAddress();
    return;
  }
  const addresses = await lookup(host, { all: true }).catch(() => []);
  // A name that does not resolve now cannot be judged: refused like a private one (the owner can retry).
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
    throw webhookErrors.privateAddress();
}
