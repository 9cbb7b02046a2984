import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './countdown';

describe('secondsUntil', () => {
  it('rounds a part second up, so the wait never shows 0 before it is over', () => {
    expect(secondsUntil({ until: 10_000, now: 0 })).toBe(10);
    expect(secondsUntil({ until: 10_000, now: 9_001 })).toBe(1);
    expect(secondsUntil({ until: 10_000, now: 10_000 })).toBe(0);
  });

  it('is never negative once the time has passed', () => {
    expect(secondsUntil({ until: 10_000, now: 25_000 })).toBe(0);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(3599)).toBe('59:59');
  });

  it('shows hours for the hourly limit on codes', () => {
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('rounds fractions up and treats a negative wait as over', () => {
    expect(formatCountdown(4.2)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
