import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload } from './signature.ts';
import { assertAllowedTarget, isPrivateAddress } from './target-check.ts';
import { eventsOfTransition } from './webhook-sources.ts';

describe('the events a status change stands for', () => {
  const typesOf = (from: string, to: string) =>
    eventsOfTransition({ from, to } as Parameters<typeof eventsOfTransition>[0]).map((e) => e.type);

  it('is always application.status_changed, with the session starting, completing and the document notarised', () => {
    expect(typesOf('draft', 'awaiting_payment')).toEqual(['application.status_changed']);
    expect(typesOf('waiting_for_notary', 'in_session')).toEqual([
      'application.status_changed',
      'session.started',
    ]);
    expect(typesOf('in_session', 'notarised')).toEqual([
      'application.status_changed',
      'session.completed',
      'document.notarised',
    ]);
    expect(typesOf('in_session', 'failed')).toEqual(['application.status_changed', 'session.completed']);
  });
});

describe('addresses a production webhook may not reach', () => {
  it('are loopback, private, link-local and the like, in IPv4, IPv6 and IPv4-mapped IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.1.1.1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['203.0.113.10', '8.8.8.8', '2001:4860:4860::8888'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('allow plain HTTP and local receivers in development and test only', async () => {
    await expect(
      assertAllowedTarget('http://127.0.0.1:4000/hooks', { env: 'test' }),
    ).resolves.toBeUndefined();
    await expect(assertAllowedTarget('ftp://example.com/x', { env: 'development' })).rejects.toMatchObject({
      code: 'webhooks.url_refused',
    });
    await expect(
      assertAllowedTarget('https://user:pw@203.0.113.10/', { env: 'production' }),
    ).rejects.toMatchObject({
      code: 'webhooks.url_refused',
    });
  });
});

describe('the signature header', () => {
  it('carries one v1 per secret in force, each over the timestamp, a dot and the body', () => {
    const header = signatureHeader(['new', 'old'], 1_800_000_000, '{"a":1}');
    expect(header).toBe(
      `t=1800000000,v1=${signPayload('new', 1_800_000_000, '{"a":1}')},v1=${signPayload('old', 1_800_000_000, '{"a":1}')}`,
    );
  });
});
