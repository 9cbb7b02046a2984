import {
  type IdentityDecisionRequest,
  type IdentityDocumentKind,
  identityDecisionRequest,
  type identityDecisionsResponse,
  type SessionView,
  type sessionViewResponse,
} from '@mohar/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/**
 * The call page's data. Not below `['session']`: that key is the signed-in user (lib/query-keys.ts), and login keeps
 * it while clearing everything else, so a call below it would survive a change of user.
 */
export const sessionKeys = {
  all: ['call-session'] as const,
  notary: (applicationId: string) => ['call-session', 'notary', applicationId] as const,
  portal: (token: string) => ['call-session', 'portal', token] as const,
};

const messageResponse = z.object({ message: z.string() });

/** GET /sessions/:id — the notary's view of the call: participants, identity evidence, recording. */
export const getNotarySession = (applicationId: string, signal?: AbortSignal) =>
  api.get<typeof sessionViewResponse>(`/sessions/${encodeURIComponent(applicationId)}`, signal);

/** GET /access/:token/session — a signatory's view of the call, from their personal link. */
export const getPortalSession = (token: string, signal?: AbortSignal) =>
  api.get<typeof sessionViewResponse>(`/access/${encodeURIComponent(token)}/session`, signal);

/** POST /sessions/:id/signatories/:signatoryId/identity-decision — the answer lists every decision so far. */
export const decideIdentity = (applicationId: string, signatoryId: string, body: IdentityDecisionRequest) =>
  api.post<typeof identityDecisionsResponse>(
    `/sessions/${encodeURIComponent(applicationId)}/signatories/${encodeURIComponent(signatoryId)}/identity-decision`,
    body,
  );

/** POST /sessions/:id/fail — ends the session as failed, with the reason (5 to 500 characters). */
export const failSession = (applicationId: string, reason: string) =>
  api.post<typeof messageResponse>(`/sessions/${encodeURIComponent(applicationId)}/fail`, { reason });

export const notarySessionQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: sessionKeys.notary(applicationId),
    queryFn: ({ signal }) => getNotarySession(applicationId, signal),
  });

export const portalSessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: sessionKeys.portal(token),
    queryFn: ({ signal }) => getPortalSession(token, signal),
  });

/** A signatory's identity image for the session's notary (the server logs each read). */
export const identityFilePath = (options: {
  applicationId: string;
  signatoryId: string;
  kind: IdentityDocumentKind;
}) =>
  `/applications/${encodeURIComponent(options.applicationId)}/signatories/${encodeURIComponent(options.signatoryId)}/identity/${options.kind}`;

/**
 * The "not confirmed" note as the contract checks it (trimmed, 3 to 1000 characters), under the name of the
 * reason dialog's field.
 */
export const notConfirmedNoteSchema = z.object({
  reason: identityDecisionRequest._zod.def.options[1].shape.note,
});
export const IDENTITY_NOTE_MAX = 1000;

/** The notary's decision on one signatory; the call's view takes the server's list of decisions at once. */
export function useDecideIdentity(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { signatoryId: string; body: IdentityDecisionRequest }) =>
      decideIdentity(applicationId, options.signatoryId, options.body),
    onSuccess: ({ decisions }) => {
      queryClient.setQueryData<SessionView>(sessionKeys.notary(applicationId), (old) => {
        if (!old) return old;
        const bySignatory = new Map(decisions.map((decision) => [decision.signatoryId, decision]));
        return {
          ...old,
          participants: old.participants.map((participant) => {
            const decision = participant.signatoryId ? bySignatory.get(participant.signatoryId) : undefined;
            return decision
              ? {
                  ...participant,
                  identity: {
                    decision: decision.decision,
                    note: decision.note,
                    decidedAt: decision.decidedAt,
                  },
                }
              : participant;
          }),
        };
      });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.notary(applicationId) });
    },
  });
}

/** Ending the session as failed changes its status: the notary's view is read again. */
export function useFailSession(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => failSession(applicationId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.notary(applicationId) }),
  });
}
