import type { ApplicationStatus } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { activeApplications, clientNextAction, notaryNextAction, recentActs } from './next-action';

const item = (status: ApplicationStatus, _id = 'a1') => ({ _id, status });

describe("the dashboard's next actions", () => {
  it('leads a client to where each step is done', () => {
    expect(clientNextAction(item('draft'))).toEqual({ key: 'continue', href: '/applications/a1/edit' });
    expect(clientNextAction(item('awaiting_payment'))).toEqual({ key: 'pay', href: '/applications/a1/pay' });
    expect(clientNextAction(item('awaiting_identity'))?.key).toBe('verify');
    expect(clientNextAction(item('ready'))?.key).toBe('start');
    expect(clientNextAction(item('in_session'))).toEqual({ key: 'join', href: '/application-view/a1' });
    expect(clientNextAction(item('notarised'))).toEqual({ key: 'download', href: '/application-view/a1' });
    expect(clientNextAction(item('cancelled'))).toBeNull();
  });

  it('leads a notary back into a live call, or to a finished act', () => {
    expect(notaryNextAction(item('in_session'))).toEqual({ key: 'rejoin', href: '/session/a1' });
    expect(notaryNextAction(item('notarised'))).toEqual({ key: 'view', href: '/application-view/a1' });
  });

  it('lists what is under way, not what ended', () => {
    const items = [item('failed', 'f'), item('draft', 'd'), item('notarised', 'n'), item('cancelled', 'c')];
    expect(activeApplications(items).map((i) => i._id)).toEqual(['d', 'n']);
    expect(recentActs(items).map((i) => i._id)).toEqual(['n']);
  });
});
