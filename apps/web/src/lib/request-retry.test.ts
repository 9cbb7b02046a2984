import { ERROR_CODES } from '@mohar/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS, retryDelay } from './request-retry';

const shuttingDown = { status: 503, code: ERROR_CODES.shuttingDown };
const noAnswer = { status: 0, code: 'network.error' };
const badGateway = { status: 502, code: 'http.error' };

describe('when a call is sent again (decision 0047)', () => {
  it('any method refused 503 service.shutting_down: the server did nothing with it', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      expect(retryDelay({ attempt: shuttingDown, retry: 0, method })).toBe(RETRY_DELAYS_MS[0]);
  });

  it('a read with no answer or a balancer’s 502: another process answers it', () => {
    for (const attempt of [noAnswer, badGateway]) {
      expect(retryDelay({ attempt, retry: 0, method: 'GET' })).toBe(RETRY_DELAYS_MS[0]);
      expect(retryDelay({ attempt, retry: 0, method: 'head' })).toBe(RETRY_DELAYS_MS[0]);
    }
  });

  it('a write with no answer is not repeated (a process may have done it before going), unless marked safe', () => {
    for (const attempt of [noAnswer, badGateway]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        expect(retryDelay({ attempt, retry: 0, method })).toBeNull();
      expect(retryDelay({ attempt, retry: 0, method: 'PUT', markedSafe: true })).toBe(RETRY_DELAYS_MS[0]);
    }
  });

  it('other refusals are answers, not a process going away', () => {
    for (const attempt of [
      { status: 503, code: ERROR_CODES.notReady },
      { status: 503, code: 'http.error' },
      { status: 500, code: ERROR_CODES.internal },
      { status: 504, code: 'http.error' },
      { status: 429, code: ERROR_CODES.rateLimited },
      { status: 404, code: ERROR_CODES.routeNotFound },
    ])
      expect(retryDelay({ attempt, retry: 0, method: 'GET' })).toBeNull();
  });

  it('a bounded number of tries, each wait longer', () => {
    const waits = RETRY_DELAYS_MS.map((_, retry) =>
      retryDelay({ attempt: shuttingDown, retry, method: 'GET' }),
    );
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(retryDelay({ attempt: shuttingDown, retry: RETRY_DELAYS_MS.length, method: 'GET' })).toBeNull();
  });
});
