import { z } from 'zod/mini';
import { recordId, recordIdParams } from './common.ts';
import type { ErrorCode } from './error-codes.ts';

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

export const notaryRequestParams = recordIdParams;

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
  /** Client → server `{ audio, video }` (is the microphone / camera on); server → call `{ participant, audio, video }`. */
  media: 'call:media',
  /** Client → server `{ text }`; server → call `{ participant, name, text, at }`. */
  chat: 'call:chat',
  /** The notary → server `{ participant }`: that signatory leaves the call and cannot come back into it. */
  remove: 'call:remove',
  /** Server → the removed participant's sockets. */
  removed: 'call:removed',
  /**
   * Server → call `{ state, missing, at }` whenever someone's media stops reaching the server recorder for
   * RECORDER_GAP_MS or comes back (`missing`: their participant ids; see recordingState, decision 0081).
   */
  recording: 'call:recording',
  /** Server → call `{ signatoryId, decision }` after the notary's identity decision. */
  identity: 'call:identity',
  /** Server → call `{ status, reason }` when the session is over (ended, failed, cancelled). */
  ended: 'call:ended',
  /** Server → call `callSignedMessage` when a signature was applied (the document changed). */
  signed: 'call:signed',
  /** The notary → server `{ page }` (1-based); server → call `{ page }`: "follow the notary" in the document. */
  page: 'call:page',
  /**
   * Sealing's progress, server → call `{ stage }` (SEAL_STAGES). The notary → server `{ stage: 'recording' }` when
   * their recorder starts finishing the file (the first stage happens in their browser); the server tells the call.
   */
  sealStage: 'call:seal-stage',
} as const;

/** What sealing is doing, in order; 'failed' ends it without a seal (the notary can retry). */
export const SEAL_STAGES = ['recording', 'stamping', 'signing', 'timestamping', 'done', 'failed'] as const;
export type SealStage = (typeof SEAL_STAGES)[number];
export const callSealStageMessage = z.strictObject({ stage: z.enum(SEAL_STAGES) });
/** What the notary's browser may announce: only the stage that happens there. */
export const notarySealStageMessage = z.strictObject({ stage: z.literal('recording') });

export const callMediaState = z.strictObject({ audio: z.boolean(), video: z.boolean() });
export type CallMediaState = z.infer<typeof callMediaState>;
export const CHAT_MAX_CHARS = 1000;
export const callPageMessage = z.strictObject({
  page: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
});
export const callChatMessage = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_MAX_CHARS)),
});
export type CallChatEntry = { participant: string; name: string; text: string; at: string };
export const callRemoveRequest = z.strictObject({ participant: z.string().check(z.maxLength(120)) });

export const callJoinRequest = z.strictObject({ applicationId: z.string().check(z.maxLength(100)) });
export type CallJoinAck =
  | {
      ok: true;
      self: string;
      peers: string[];
      /** Each peer's microphone and camera state as last told. */
      media: Record<string, { audio: boolean; video: boolean }>;
      /** The document page the notary shows (1-based), when they have shown one. */
      page: number | null;
      /** STUN/TURN for this participant (TURN credentials are time-limited). */
      iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
    }
  | { ok: false; code: ErrorCode; message: string };
/**
 * The server recorder's name on the call's signalling channel (issue 24): a `to` like any participant's. Every
 * browser in a call sends it its camera and microphone (decision 0081: no browser records any more).
 */
export const CALL_RECORDER_PARTICIPANT = 'recorder';

export const callSignal = z.strictObject({
  to: z.string().check(z.maxLength(120)),
  /** An SDP description or an ICE candidate, passed through as it is (bounded). */
  data: z.unknown(),
});

/** A session's recording by the notary's browser (sessions before decision 0081), as kept for playback. */
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
/** GET /sessions/:id/recording/info: the same, plus whether the file is still kept (retention) and until when. */
export const recordingInfoResponse = z.extend(recordingResponse, {
  isAvailable: z.boolean(),
  retainUntil: z.nullable(z.string()),
});
export type RecordingInfo = z.infer<typeof recordingInfoResponse>;

/** The composed view of the server recording (decision 0084): being prepared after the act, ready, or failed. */
export const COMPOSED_VIEW_STATES = ['pending', 'ready', 'failed'] as const;
/** What the server recording's playback marks as chapters: joins, identity decisions, signatures, the seal or end. */
export const RECORDING_CHAPTER_KINDS = [
  'joined',
  'reconnected',
  'identity_confirmed',
  'identity_not_confirmed',
  'signed',
  'sealed',
  'ended_failed',
] as const;
export type RecordingChapterKind = (typeof RECORDING_CHAPTER_KINDS)[number];
/**
 * GET /sessions/:id/server-recording (its notary, admins with the recordings area): the act's hash (as on the
 * certificate), the composed view's state, the session's events as chapters (`offsetMs` from the view's start) and
 * each raw track (one per person's connection, a take) with its real length and its parts' SHA-256.
 */
export const serverRecordingResponse = z.object({
  applicationId: z.string(),
  finalHash: z.string(),
  /** Kept until (the act's end plus the retention period), and when its files were deleted (decision 0085). */
  keptUntil: z.nullable(z.string()),
  purgedAt: z.nullable(z.string()),
  startedAt: z.string(),
  endedAt: z.string(),
  composed: z.object({
    state: z.enum(COMPOSED_VIEW_STATES),
    sha256: z.nullable(z.string()),
    sizeBytes: z.nullable(z.number()),
  }),
  chapters: z.array(
    z.object({
      kind: z.enum(RECORDING_CHAPTER_KINDS),
      actorName: z.nullable(z.string()),
      subjectName: z.nullable(z.string()),
      at: z.string(),
      offsetMs: z.number(),
    }),
  ),
  tracks: z.array(
    z.object({
      id: z.string(),
      participantName: z.string(),
      take: z.number(),
      startedAt: z.string(),
      endedAt: z.string(),
      /** Read from the media once the view is composed (the file's header has a placeholder); null until then. */
      durationMs: z.nullable(z.number()),
      sizeBytes: z.number(),
      parts: z.array(z.object({ sha256: z.string(), sizeBytes: z.number() })),
    }),
  ),
});
export type ServerRecording = z.infer<typeof serverRecordingResponse>;
export type RecordingChapter = ServerRecording['chapters'][number];
export const serverRecordingTrackParams = z.strictObject({
  id: recordId,
  track: z.string().check(z.regex(/^\d{1,9}$/, 'Choose a track of this recording')),
});

/**
 * What the call shows about the recording (decision 0081): `none` before the server recorder receives the call,
 * `recording`, `stale` while someone's media does not reach it (a gap), `finished` once the act's manifest is
 * stored. `stopped` and `failed` were the browser recorder's reports (sessions before decision 0081).
 */
export const SESSION_RECORDING_STATES = [
  'none',
  'recording',
  'stale',
  'stopped',
  'failed',
  'finished',
] as const;

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
export const identityDecisionParams = z.strictObject({ id: recordId, signatoryId: recordId });
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

/** One person in the call: the notary (`user:{id}`) or a signatory (`signatory:{id}`). */
export const sessionParticipant = z.object({
  participant: z.string(),
  role: z.enum(['notary', 'signatory']),
  name: z.string(),
  signatoryId: z.nullable(z.string()),
  /** The notary's decision on this signatory (null: not decided yet, or the notary). */
  identity: z.nullable(
    z.object({
      decision: z.enum(['confirmed', 'not_confirmed']),
      note: z.nullable(z.string()),
      decidedAt: z.string(),
    }),
  ),
  /** The portal's identity evidence (QR result, masked number), for the notary's view only. */
  evidence: z.nullable(
    z.object({
      qrOutcome: z.nullable(z.string()),
      aadhaarMasked: z.nullable(z.string()),
      mismatches: z.array(z.string()),
      documents: z.array(z.string()),
    }),
  ),
});
export type SessionParticipant = z.infer<typeof sessionParticipant>;

/** GET /sessions/:id (the notary) and GET /access/:token/session (a signatory): what the call page needs. */
export const sessionViewResponse = z.object({
  applicationId: z.string(),
  status: z.string(),
  title: z.nullable(z.string()),
  documentType: z.nullable(z.string()),
  notarialAct: z.nullable(z.string()),
  /** Who is asking: their participant id in the call. */
  self: z.string(),
  participants: z.array(sessionParticipant),
  recording: z.object({
    state: z.enum(SESSION_RECORDING_STATES),
    /** Parts of the participants' tracks stored so far, and when the last one ended. */
    chunks: z.number(),
    lastChunkAt: z.nullable(z.string()),
    /** `stale`: who is in the call but has had no media reach the recorder for more than RECORDER_GAP_MS. */
    missing: z.array(z.string()),
  }),
  failureReason: z.nullable(z.string()),
});
export type SessionView = z.infer<typeof sessionViewResponse>;

/** Start Notarization's optional body: ask every available notary instead of the one chosen in the wizard. */
export const startNotarizationRequest = z.strictObject({ firstAvailable: z.optional(z.boolean()) });

/** Outside service hours: remind the participants when the service opens. */
export const openingReminderResponse = z.object({ notifyAt: z.string(), message: z.string() });

/** The live session's events for the application timeline (chat stays in the call's record, not here). */
export const SESSION_EVENT_KINDS = [
  'joined',
  'reconnected',
  'left',
  'removed',
  'identity_confirmed',
  'identity_not_confirmed',
  'recording_started',
  'recording_stopped',
  'recording_failed',
  /** The server recorder stopped receiving someone's media (issue 24), and it came back. */
  'media_gap',
  'media_resumed',
  'signed',
  'ended_failed',
] as const;
export const sessionTimelineResponse = z.object({
  events: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(SESSION_EVENT_KINDS),
      actorName: z.nullable(z.string()),
      /** For identity decisions and removals: whom it was about. */
      subjectName: z.nullable(z.string()),
      note: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type SessionTimelineEvent = z.infer<typeof sessionTimelineResponse>['events'][number];

/** Booked sessions (issue 26): a fixed time with a notary instead of the queue. */
export const BOOKING_STATUSES = ['booked', 'started', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const booking = z.object({
  _id: z.string(),
  applicationId: z.string(),
  notaryId: z.string(),
  notaryName: z.nullable(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Until when the owner may reschedule or cancel for free (ISO). */
  freeChangeUntil: z.string(),
});
export type Booking = z.infer<typeof booking>;
export const bookingResponse = z.object({ booking: z.nullable(booking) });
export type BookingResponse = z.infer<typeof bookingResponse>;

/** `notaryId` absent: any notary free at that time (the one who has been verified longest first). */
export const bookSessionRequest = z.strictObject({
  startsAt: z.iso.datetime({ offset: true }),
  notaryId: z.optional(recordId),
});
export type BookSessionRequest = z.infer<typeof bookSessionRequest>;
export const rescheduleBookingRequest = z.strictObject({ startsAt: z.iso.datetime({ offset: true }) });
export type RescheduleBookingRequest = z.infer<typeof rescheduleBookingRequest>;

/** The free slots of one IST day: for one notary, or for anyone (a slot is free when some notary is). */
export const bookingSlotsQuery = z.strictObject({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')),
  notaryId: z.optional(recordId),
});
export type BookingSlotsQuery = z.infer<typeof bookingSlotsQuery>;
export const bookingSlotsResponse = z.object({
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
});
export type BookingSlotsResponse = z.infer<typeof bookingSlotsResponse>;

/** The notary's day: their bookings, in time order. */
export const notaryDayQuery = z.strictObject({
  date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
export const notaryBooking = z.object({
  _id: z.string(),
  applicationId: z.string(),
  title: z.nullable(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
export type NotaryBooking = z.infer<typeof notaryBooking>;
export const notaryDayResponse = z.object({ date: z.string(), bookings: z.array(notaryBooking) });
export type NotaryDayResponse = z.infer<typeof notaryDayResponse>;
