import { describe, expect, it } from 'vitest';
import { classifyConnection, medianOf } from './network-check';

describe('the connection before a call', () => {
  it('is good under 300 ms', () => {
    expect(classifyConnection({ roundTripMs: 45, isOnline: true })).toBe('good');
    expect(classifyConnection({ roundTripMs: 299, isOnline: true })).toBe('good');
  });

  it('is fair from 300 ms to under a second', () => {
    expect(classifyConnection({ roundTripMs: 300, isOnline: true })).toBe('fair');
    expect(classifyConnection({ roundTripMs: 999, isOnline: true })).toBe('fair');
  });

  it('is poor from a second up', () => {
    expect(classifyConnection({ roundTripMs: 1000, isOnline: true })).toBe('poor');
  });

  it('is unreachable when no request came back', () => {
    expect(classifyConnection({ roundTripMs: null, isOnline: true })).toBe('unreachable');
  });

  it('is offline when the browser says so, whatever was measured', () => {
    expect(classifyConnection({ roundTripMs: 40, isOnline: false })).toBe('offline');
  });
});

describe('the round trip', () => {
  it('is the median, so one slow request does not spoil it', () => {
    expect(medianOf([40, 2000, 50])).toBe(50);
    expect(medianOf([40, 60, 50, 900])).toBe(55);
  });

  it('is unknown without samples', () => {
    expect(medianOf([])).toBeNull();
  });
});
