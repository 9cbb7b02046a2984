import { describe, expect, it } from 'vitest';
import {
  availabilitySentence,
  checkWorkingHours,
  clockInIndia,
  END_OPTIONS,
  START_OPTIONS,
} from './availability';

const hours = { from: '10:00', to: '19:30' };

describe('the availability sentence', () => {
  it('offline says so, whatever the time', () => {
    expect(availabilitySentence({ isOnline: false, workingHours: hours, clock: '12:00' })).toEqual({
      key: 'availability.offline',
      values: {},
    });
  });

  it('online inside working hours: until the end of the working day', () => {
    expect(availabilitySentence({ isOnline: true, workingHours: hours, clock: '12:00' })).toEqual({
      key: 'availability.onlineUntil',
      values: { to: '19:30' },
    });
    expect(availabilitySentence({ isOnline: true, workingHours: hours, clock: '10:00' }).key).toBe(
      'availability.onlineUntil',
    );
  });

  it('online before the working day starts: from when, until when', () => {
    expect(availabilitySentence({ isOnline: true, workingHours: hours, clock: '08:15' })).toEqual({
      key: 'availability.onlineLater',
      values: { from: '10:00', to: '19:30' },
    });
  });

  it('online after it ends (the end itself included): again tomorrow', () => {
    expect(availabilitySentence({ isOnline: true, workingHours: hours, clock: '19:30' })).toEqual({
      key: 'availability.onlineTomorrow',
      values: { from: '10:00' },
    });
  });

  it('the clock is read in IST', () => {
    expect(clockInIndia(new Date('2025-03-04T14:00:00Z'))).toBe('19:30');
    expect(clockInIndia(new Date('2025-03-04T18:45:00Z'))).toBe('00:15');
  });
});

describe('working hours', () => {
  it('are offered in half hours inside 10:00–20:00', () => {
    expect(START_OPTIONS[0]).toBe('10:00');
    expect(START_OPTIONS.at(-1)).toBe('19:30');
    expect(END_OPTIONS[0]).toBe('10:30');
    expect(END_OPTIONS.at(-1)).toBe('20:00');
    expect(START_OPTIONS).toHaveLength(20);
  });

  it('must end after they start, inside service hours', () => {
    expect(checkWorkingHours({ from: '10:00', to: '20:00' })).toBeNull();
    expect(checkWorkingHours({ from: '14:00', to: '14:00' })).toBe('end_before_start');
    expect(checkWorkingHours({ from: '15:00', to: '11:00' })).toBe('end_before_start');
    expect(checkWorkingHours({ from: '09:30', to: '18:00' })).toBe('outside_service_hours');
    expect(checkWorkingHours({ from: '10:00', to: '20:30' })).toBe('outside_service_hours');
  });
});
