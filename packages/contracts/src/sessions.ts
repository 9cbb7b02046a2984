import { z } from 'zod/mini';

/** How long a request for a notary waits for someone to accept it (issue 9), unless NOTARY_ACCEPT_MINUTES says. */
export const NOTARY_ACCEPT_MINUTES_DEFAULT = 10;

/** A request in a notary's queue: what the client wants done, by how many people, since when. */
export const notaryRequest = z.object({
  _id: z.string(),
  applicationId: z.string(),
  title: z.nullable(z.string()),
  documentType: z.nullable(z.string()),
  notarialAct: z.nullable(z.string()),
  signatoryCount: z.number(),
  /** Named for this notary, or offered to everyone available (the first to accept gets it). */
  isForMe: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type NotaryRequest = z.infer<typeof notaryRequest>;

export const notaryQueueResponse = z.object({ requests: z.array(notaryRequest) });

export const notaryRequestParams = z.strictObject({ id: z.string().check(z.maxLength(100)) });

export const declineNotaryRequest = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
});

/** Start Notarization's answer: the request is out, until `expiresAt`. */
export const startNotarizationResponse = z.object({
  requestId: z.string(),
  status: z.literal('waiting_for_notary'),
  expiresAt: z.string(),
});

/**
 * Signalling for the call, on the realtime channel (issue 9). A socket joins one application's call; offers, answers
 * and ICE candidates go to one participant of that call only. Participants are `user:{id}` (the notary) or
 * `signatory:{id}`.
 */
export const CALL_EVENTS = {
  join: 'call:join',
  leave: 'call:leave',
  signal: 'call:signal',
  peerJoined: 'call:peer-joined',
  peerLeft: 'call:peer-left',
} as const;

export const callJoinRequest = z.strictObject({ applicationId: z.string().check(z.maxLength(100)) });
export type CallJoinAck =
  | {
      ok: true;
      self: string;
      peers: string[];
      /** STUN/TURN for this participant (TURN credentials are time-limited). */
      iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
    }
  | { ok: false; code: string; message: string };
export const callSignal = z.strictObject({
  to: z.string().check(z.maxLength(120)),
  /** An SDP description or an ICE candidate, passed through as it is (bounded). */
  data: z.unknown(),
});

/** The largest recording chunk accepted (MediaRecorder at 5-second slices stays far below). */
export const RECORDING_CHUNK_MAX_BYTES = 8 * 1024 * 1024;

export const recordingChunkParams = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  index: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)),
});
export const finishRecordingRequest = z.strictObject({
  chunkCount: z.number().check(z.int(), z.minimum(1), z.maximum(100_001)),
});
export const recordingResponse = z.object({
  _id: z.string(),
  applicationId: z.string(),
  status: z.enum(['recording', 'finished']),
  chunks: z.number(),
  sha256: z.nullable(z.string()),
  sizeBytes: z.nullable(z.number()),
  durationMs: z.nullable(z.number()),
  finishedAt: z.nullable(z.string()),
});
export type Recording = z.infer<typeof recordingResponse>;

/** The notary's decision on a signatory's identity in the call; nobody signs before it is `confirmed`. */
export const identityDecisionRequest = z.union([
  z.strictObject({
    decision: z.literal('confirmed'),
    note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
  }),
  z.strictObject({
    decision: z.literal('not_confirmed'),
    note: z.string().check(z.trim(), z.minLength(3), z.maxLength(1000)),
  }),
]);
export type IdentityDecisionRequest = z.infer<typeof identityDecisionRequest>;
export const identityDecisionParams = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  signatoryId: z.string().check(z.maxLength(100)),
});
export const identityDecisionsResponse = z.object({
  decisions: z.array(
    z.object({
      signatoryId: z.string(),
      decision: z.enum(['confirmed', 'not_confirmed']),
      note: z.nullable(z.string()),
      decidedAt: z.string(),
    }),
  ),
});
export const failSessionRequest = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(5), z.maxLength(500)),
});
