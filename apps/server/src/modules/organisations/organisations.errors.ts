import { ORGANISATION_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const organisationErrors = {
  // Someone else's organisation, one the caller left or was removed from, and one that does not exist answer alike.
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: ORGANISATION_ERROR_CODES.notFound,
      message: 'This organisation was not found.',
    }),
  forbidden: (what: string) =>
    new AppError({
      statusCode: 403,
      code: ORGANISATION_ERROR_CODES.forbidden,
      message: `Only the organisation's owners${what === 'owners' ? '' : ' and admins'} can do this.`,
    }),
  lastOwner: () =>
    new AppError({
      statusCode: 409,
      code: ORGANISATION_ERROR_CODES.lastOwner,
      message: 'An organisation needs an owner: make another member an owner first.',
    }),
  alreadyMember: () =>
    new AppError({
      statusCode: 409,
      code: ORGANISATION_ERROR_CODES.alreadyMember,
      message: 'This person already belongs to the organisation.',
    }),
  // One answer for unknown, used, withdrawn and expired links: the page cannot tell which tokens ever existed.
  invitationInvalid: () =>
    new AppError({
      statusCode: 404,
      code: ORGANISATION_ERROR_CODES.invitationInvalid,
      message: 'This invitation is not valid: it was used, withdrawn or has expired. Ask for a new one.',
    }),
  invitationOtherEmail: () =>
    new AppError({
      statusCode: 403,
      code: ORGANISATION_ERROR_CODES.invitationOtherEmail,
      message: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    }),
  notMember: () =>
    new AppError({
      statusCode: 404,
      code: ORGANISATION_ERROR_CODES.notMember,
      message:
        'You do not belong to this organisation. Choose your personal account or another organisation.',
    }),
};
