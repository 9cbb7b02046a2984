import { describe, expect, it } from 'vitest';
import { classifyQuality, lossBetween, readStatsSample } from './quality';

describe('call quality: good under 300 ms and 2 % loss, poor from 800 ms or 8 % loss', () => {
  it('is good just under both good limits', () => {
    expect(classifyQuality({ rttMs: 299, lossFraction: 0.0199 })).toBe('good');
    expect(classifyQuality({ rttMs: 0, lossFraction: 0 })).toBe('good');
  });

  it('is fair exactly at either good limit', () => {
    expect(classifyQuality({ rttMs: 300, lossFraction: 0 })).toBe('fair');
    expect(classifyQuality({ rttMs: 50, lossFraction: 0.02 })).toBe('fair');
  });

  it('is fair just under both poor limits', () => {
    expect(classifyQuality({ rttMs: 799, lossFraction: 0.0799 })).toBe('fair');
  });

  it('is poor exactly at either poor limit, whatever the other says', () => {
    expect(classifyQuality({ rttMs: 800, lossFraction: 0 })).toBe('poor');
    expect(classifyQuality({ rttMs: 20, lossFraction: 0.08 })).toBe('poor');
  });

  it('judges on the one number it has, and is unknown with none', () => {
    expect(classifyQuality({ rttMs: 120, lossFraction: null })).toBe('good');
    expect(classifyQuality({ rttMs: null, lossFraction: 0.05 })).toBe('fair');
    expect(classifyQuality({ rttMs: null, lossFraction: 0.5 })).toBe('poor');
    expect(classifyQuality({ rttMs: null, lossFraction: null })).toBe('unknown');
  });

  it('treats a negative or non-finite reading as no reading', () => {
    expect(classifyQuality({ rttMs: Number.NaN, lossFraction: null })).toBe('unknown');
    expect(classifyQuality({ rttMs: -1, lossFraction: 0.01 })).toBe('good');
  });
});

describe('packet loss is measured between two samples', () => {
  it('is lost / (lost + received) over the interval, not since the call began', () => {
    const earlier = { packetsLost: 100, packetsReceived: 1000 };
    expect(lossBetween(earlier, { packetsLost: 105, packetsReceived: 1095 })).toBeCloseTo(0.05);
  });

  it('is unknown without an earlier sample', () => {
    expect(lossBetween(null, { packetsLost: 3, packetsReceived: 97 })).toBeNull();
  });

  it('is unknown when nothing arrived or was lost in between', () => {
    const same = { packetsLost: 4, packetsReceived: 500 };
    expect(lossBetween(same, same)).toBeNull();
  });

  it('is unknown when the counters went backwards (a new connection started again)', () => {
    expect(
      lossBetween({ packetsLost: 4, packetsReceived: 500 }, { packetsLost: 0, packetsReceived: 20 }),
    ).toBeNull();
  });

  it('counts late packets that shrink packetsLost as no loss, not a negative one', () => {
    expect(
      lossBetween({ packetsLost: 10, packetsReceived: 500 }, { packetsLost: 8, packetsReceived: 600 }),
    ).toBe(0);
  });
});

describe('reading a getStats() report', () => {
  const inbound = (id: string, kind: string, packetsLost: number, packetsReceived: number) => ({
    id,
    type: 'inbound-rtp',
    kind,
    packetsLost,
    packetsReceived,
  });

  it("takes the transport's selected pair RTT in ms and sums audio and video inbound counters", () => {
    const report = new Map<string, unknown>([
      ['T1', { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP2' }],
      [
        'CP1',
        { id: 'CP1', type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.9 },
      ],
      [
        'CP2',
        {
          id: 'CP2',
          type: 'candidate-pair',
          nominated: true,
          state: 'succeeded',
          currentRoundTripTime: 0.045,
        },
      ],
      ['IA', inbound('IA', 'audio', 2, 400)],
      ['IV', inbound('IV', 'video', 5, 1600)],
      ['OA', { id: 'OA', type: 'outbound-rtp', kind: 'audio', packetsSent: 9000 }],
    ]);
    const sample = readStatsSample(report.values());
    expect(sample.rttMs).toBeCloseTo(45);
    expect(sample.counters).toEqual({ packetsLost: 7, packetsReceived: 2000 });
  });

  it('falls back to the nominated, succeeded pair when no transport names one (Firefox)', () => {
    const report = [
      { id: 'CP1', type: 'candidate-pair', nominated: false, state: 'succeeded', currentRoundTripTime: 0.9 },
      { id: 'CP2', type: 'candidate-pair', nominated: true, state: 'in-progress', currentRoundTripTime: 0.8 },
      { id: 'CP3', type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.25 },
    ];
    expect(readStatsSample(report).rttMs).toBeCloseTo(250);
  });

  it('has no numbers before anything is connected', () => {
    expect(readStatsSample([{ id: 'C', type: 'codec' }])).toEqual({ rttMs: null, counters: null });
  });
});
