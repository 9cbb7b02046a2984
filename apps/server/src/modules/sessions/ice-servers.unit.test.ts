import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { iceServersFor } from './ice-servers.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/mohar-ice-test' };

describe('ICE servers for the call', () => {
  it('passes the configured STUN/TURN list through, and none by default', () => {
    expect(iceServersFor(loadConfig(base).ice, 'user:1')).toEqual([]);
    const config = loadConfig({ ...base, ICE_SERVERS: '[{"urls":"stun:stun.example.in:3478"}]' });
    expect(iceServersFor(config.ice, 'user:1')).toEqual([{ urls: 'stun:stun.example.in:3478' }]);
  });

  it('refuses a malformed list at start', () => {
    expect(() => loadConfig({ ...base, ICE_SERVERS: '{"urls":1}' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"urls":"stun:x","extra":1}]' })).toThrow(
      /ICE_SERVERS/,
    );
  });

  it('derives time-limited coturn credentials from TURN_SECRET, per participant', () => {
    const secret = 'a-long-shared-turn-secret';
    const config = loadConfig({
      ...base,
      TURN_SECRET: secret,
      TURN_URLS: 'turn:turn.example.in:3478, turns:turn.example.in:5349',
    });
    const now = new Date('2026-11-23T06:30:00Z');
    const [turn] = iceServersFor(config.ice, 'signatory:42', now);
    expect(turn?.urls).toEqual(['turn:turn.example.in:3478', 'turns:turn.example.in:5349']);
    const [expiry, who] = (turn?.username ?? '').split(':');
    expect(Number(expiry)).toBe(now.getTime() / 1000 + 4 * 3600);
    expect(who).toBe('signatory');
    expect(turn?.username?.endsWith(':signatory:42')).toBe(true);
    expect(turn?.credential).toBe(
      createHmac('sha1', secret)
        .update(turn?.username ?? '')
        .digest('base64'),
    );
    // Another participant gets other credentials.
    expect(iceServersFor(config.ice, 'user:7', now)[0]?.credential).not.toBe(turn?.credential);
  });
});
