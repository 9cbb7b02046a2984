import type { messageResponse, StepUpRequest } from '@mohar/contracts';
import { AUTH_ERROR_CODES } from '@mohar/contracts/error-codes';
import { api } from './api-client';
import { hasErrorCode } from './api-errors';

/**
 * Step-up (decision 0054): a sensitive admin action answered `auth.step_up_required` waits while the step-up dialog
 * (StepUpHost, mounted by the screen) asks for the password or a code, then runs once more. Without a host on the
 * page, or when the admin cancels, the original refusal stands.
 */
type Pending = { resolve: () => void; reject: () => void };
type Listener = () => void;

let pending: Pending | null = null;
let hosts = 0;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const stepUpStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    hosts += 1;
    return () => {
      listeners.delete(listener);
      hosts -= 1;
    };
  },
  isOpen: () => pending !== null,
  /** The dialog's outcome: proven (run the action again) or cancelled. */
  settle(proven: boolean) {
    const current = pending;
    pending = null;
    notify();
    if (proven) current?.resolve();
    else current?.reject();
  },
};

function askForProof(): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(false);
  // One dialog at a time: a second refused action waits on the same proof.
  return new Promise<boolean>((resolve) => {
    const previous = pending;
    pending = {
      resolve: () => {
        previous?.resolve();
        resolve(true);
      },
      reject: () => {
        previous?.reject();
        resolve(false);
      },
    };
    notify();
  });
}

/** Runs `action`; when the server asks for step-up, asks the admin and runs it once more. */
export async function withStepUp<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!hasErrorCode(error, AUTH_ERROR_CODES.stepUpRequired)) throw error;
    if (!(await askForProof())) throw error;
    return action();
  }
}

/** POST /auth/step-up — the password (or, with two-step verification, a code) again: 5 more minutes. */
export const confirmIdentity = (body: StepUpRequest) =>
  api.post<typeof messageResponse>('/auth/step-up', body);
