import { errorResponse, recordIdParams } from '@mohar/contracts';

/** What every sessions route documents: its tag and the one error shape for each refusal. */
export const SESSION_TAGS = ['sessions'];
export const SESSION_ERRORS = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
export const sessionParams = recordIdParams;
