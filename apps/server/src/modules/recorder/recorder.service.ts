import { randomUUID } from 'node:crypto';
import { CALL_RECORDER_PARTICIPANT } from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { recordSessionEvent } from '../sessions/call.service.ts';
import { iceServersFor } from '../sessions/ice-servers.ts';
import { CHAIN_START, entryHash, type ManifestEntry } from './manifest.ts';
import * as repo from './recorder.repository.ts';
import { exportRecording, signedManifest } from './recorder-export.ts';
import type { answerRecorderOffer, RecorderSignal } from './recorder-peer.ts';
import { DEFAULT_RETENTION_YEARS, retainUntil } from './recorder-retention.ts';
import { NOTARY_LEFT_NOTE, PROCESS_RESTART_NOTE } from './restart-note.ts';
import { createTrackWriter, type StoredPart } from './track-writer.ts';

/** No media from someone for this long is a gap (issue 24: "more than a few seconds"). */
const DEFAULT_GAP_MS = 4000;
/** A part of a track in the blob store: small enough that a crash loses little, large enough to be few. */
const DEFAULT_PART_BYTES = 4 * 1024 * 1024;

type Connection = {
  /** The recorder's id for this connection (the browser's PeerLink pairs answers with it). */
  id: string;
  link: string;
  peer: Awaited<ReturnType<typeof answerRecorderOffer>> | null;
  writer: ReturnType<typeof createTrackWriter>;
  /** The first packet of this take arrived (written once as `recording_started`). */
  hasMedia: boolean;
};

/** Someone in the call, as the recorder watches them: whether their media reaches it, and since when not. */
type Person = {
  joinedAt: number;
  lastMediaAt: number | null;
  gapSince: number | null;
  connection: Connection | null;
  /** The gap another process handed over (a restart), looked up when the person is first seen here. */
  inherited: Promise<void>;
};

/** What one process asks the others at the act's end (decision 0083), through the Redis adapter. */
export const RECORDER_FINISH = 'recorder:finish';
export const RECORDER_REOPEN = 'recorder:reopen';

export type RecorderService = ReturnType<typeof createRecorderService>;

/**
 * The server recorder (issue 24), the only one (decision 0081): a silent, receive-only WebRTC peer per participant,
 * inside this process. Each participant's audio and video become one WebM file per connection (a take), streamed
 * into the blob store in parts; every stored part and every gap in someone's media is appended to the session's
 * hash chain, which `manifest` signs with the platform key. Whether media reaches it is written as session events
 * (`recording_started`, `media_gap`, `media_resumed`): the act's rule reads those (`recordingState`).
 */
export function createRecorderService(deps: {
  db: Database;
  blobStore: BlobStore;
  ice: AppConfig['ice'];
  /** RSA-SHA256 by the platform key, and the certificate that checks it. */
  signAsPlatform: (data: Buffer) => Promise<{ signature: Buffer; certificatePem: string }>;
  /** Media arrives in real time: the gap watch and the manifest's times use the wall clock, not the app's `now`. */
  clock?: () => number;
  gapMs?: number;
  partBytes?: number;
  /** RECORDING_RETENTION_YEARS: the stored manifest's parts are kept that long from the act's end (decision 0085). */
  retentionYears?: number;
  /**
   * The other server processes (decision 0083): participants of one call may be recorded by several. At the act's
   * end each ends its takes of the session (`finishHere`) before the manifest is signed; a failed seal reopens it.
   */
  others?: {
    finish: (applicationId: string) => Promise<void>;
    reopen: (applicationId: string) => Promise<void>;
  };
  /** The act ended with its manifest stored (after the seal, or the session failed): the composed view is wanted. */
  onEnded?: (applicationId: string) => void;
  /** Whether someone's media reaches the recorder changed (the call is told, decision 0081). */
  onChange?: (applicationId: string) => void;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const gapMs = deps.gapMs ?? DEFAULT_GAP_MS;
  const sessions = new Map<string, Map<string, Person>>();
  /** Sessions whose recording is finished (sealing, or ended): no new take starts and no gap is watched. */
  const closed = new Set<string>();
  /** The process is stopping: its sessions were handed over, no new take starts here. */
  let stopping = false;
  const takes = new Map<string, number>();
  // Entries are appended one at a time per session, so each one's `prev` is the one before it.
  const appends = new Map<string, Promise<unknown>>();
  const inboxes = new Map<string, Promise<void>>();

  const changed = (applicationId: string) => deps.onChange?.(applicationId);
  const fact = (
    applicationId: string,
    kind: 'recording_started' | 'media_gap' | 'media_resumed',
    actor: string,
    note?: string,
  ) =>
    recordSessionEvent(db, { applicationId, kind, actor, note }).then(
      () => changed(applicationId),
      (error: unknown) =>
        deps.log?.warn({ err: error, applicationId }, 'recorder: an event could not be written'),
    );

  const append = (
    applicationId: string,
    entry: Omit<ManifestEntry, 'seq' | 'prev' | 'hash' | 'file'> & { blobKey?: string },
  ) => {
    // In this process one at a time per session (a part's entry after the one before it); across processes the
    // repository's lock serialises them.
    const next = (appends.get(applicationId) ?? Promise.resolve()).then(() =>
      repo.appendEntry(db, applicationId, (head) => {
        const seq = head ? head.seq + 1 : 0;
        const prev = head?.hash ?? CHAIN_START;
        return {
          applicationId,
          seq,
          kind: entry.kind,
          participant: entry.participant,
          take: entry.take,
          part: entry.part,
          blobKey: entry.blobKey ?? null,
          sha256: entry.sha256,
          sizeBytes: entry.sizeBytes,
          fromAt: new Date(entry.from),
          toAt: new Date(entry.to),
          prevHash: prev,
          hash: entryHash({ ...entry, seq, prev }),
        };
      }),
    );
    const settled = next.then(
      () => {},
      (error: unknown) =>
        deps.log?.error({ err: error, applicationId }, 'recorder: a manifest entry could not be written'),
    );
    appends.set(applicationId, settled);
    return settled;
  };

  const appendPart = (applicationId: string, participant: string, part: StoredPart) =>
    append(applicationId, {
      kind: 'part',
      participant,
      take: part.take,
      part: part.part,
      blobKey: part.blobKey,
      sha256: part.sha256,
      sizeBytes: part.sizeBytes,
      from: part.from.toISOString(),
      to: part.to.toISOString(),
    });

  /** A stretch in which someone's media reached no recorder, as a chain entry (times in ms since the epoch). */
  const appendGap = (applicationId: string, participant: string, from: number, to: number) =>
    append(applicationId, {
      kind: 'gap',
      participant,
      take: null,
      part: null,
      sha256: null,
      sizeBytes: null,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });

  /** The gap is over (media came back, or the person left): it goes into the chain; `media_resumed` if it came back. */
  const endGap = async (applicationId: string, participant: string, person: Person, resumed: boolean) => {
    const since = person.gapSince;
    if (since === null) return;
    person.gapSince = null;
    const entry = appendGap(applicationId, participant, since, clock());
    if (resumed) await fact(applicationId, 'media_resumed', participant);
    await entry;
  };

  const personOf = (applicationId: string, participant: string) => {
    const session = sessions.get(applicationId) ?? new Map<string, Person>();
    sessions.set(applicationId, session);
    const known = session.get(participant);
    if (known) return known;
    const person: Person = {
      joinedAt: clock(),
      lastMediaAt: null,
      gapSince: null,
      connection: null,
      inherited: Promise.resolve(),
    };
    // Another process stopped while recording this person: their gap runs from its hand-over, not from now.
    person.inherited = repo.handedOverGaps(db, applicationId).then(
      (gaps) => {
        const since = gaps.get(participant);
        if (since !== undefined && person.lastMediaAt === null) person.gapSince = since.getTime();
      },
      (error: unknown) => deps.log?.warn({ err: error, applicationId }, 'recorder: a hand-over was not read'),
    );
    session.set(participant, person);
    return person;
  };

  async function nextTake(applicationId: string, participant: string) {
    const key = `${applicationId} ${participant}`;
    const known = takes.get(key) ?? (await repo.lastTake(db, { applicationId, participant })) ?? -1;
    takes.set(key, known + 1);
    return known + 1;
  }

  /** The person's current take ends (a reload, a leave, the finish): what arrived is stored and chained. */
  async function closeConnection(applicationId: string, participant: string) {
    const person = sessions.get(applicationId)?.get(participant);
    const connection = person?.connection;
    if (!person || !connection) return;
    person.connection = null;
    await connection.peer
      ?.close()
      .catch((error: unknown) =>
        deps.log?.warn({ err: error, applicationId }, 'recorder: closing a peer failed'),
      );
    await connection.writer.finish();
    await appends.get(applicationId);
  }

  async function openConnection(options: {
    applicationId: string;
    participant: string;
    link: string;
    offer: { type: 'offer'; sdp: string };
    reply: (data: unknown) => void;
  }) {
    const { applicationId, participant } = options;
    // A new connection from the same person (a reload, a network change) ends the previous take.
    await closeConnection(applicationId, participant);
    const take = await nextTake(applicationId, participant);
    const person = personOf(applicationId, participant);
    const connection: Connection = {
      id: randomUUID(),
      link: options.link,
      peer: null,
      hasMedia: false,
      writer: createTrackWriter({
        blobStore: deps.blobStore,
        take,
        partBytes: deps.partBytes ?? DEFAULT_PART_BYTES,
        now: () => new Date(clock()),
        onPart: (part) => appendPart(applicationId, participant, part),
        onError: (error) =>
          deps.log?.error({ err: error, applicationId, participant }, 'recorder: a part could not be stored'),
      }),
    };
    person.connection = connection;
    await person.inherited;
    // werift is loaded with the first recorded connection: a server that records nothing never holds it.
    const { answerRecorderOffer: answer } = await import('./recorder-peer.ts');
    connection.peer = await answer({
      offer: options.offer,
      iceServers: iceServersFor(deps.ice, CALL_RECORDER_PARTICIPANT),
      onBytes: (bytes) => connection.writer.write(bytes),
      onActivity: () => {
        person.lastMediaAt = clock();
        if (!connection.hasMedia) {
          connection.hasMedia = true;
          void fact(applicationId, 'recording_started', participant);
        }
        if (person.gapSince !== null) void endGap(applicationId, participant, person, true);
      },
      onClosed: () => {
        if (person.connection === connection) void closeConnection(applicationId, participant);
      },
    });
    options.reply({ link: connection.id, to: options.link, description: connection.peer.answer });
  }

  async function applySignal(options: {
    applicationId: string;
    participant: string;
    data: unknown;
    reply: (data: unknown) => void;
  }) {
    const message = options.data as RecorderSignal;
    if (!message || typeof message !== 'object' || typeof message.link !== 'string') return;
    const { applicationId, participant } = options;
    if (closed.has(applicationId) || stopping) return;
    try {
      const current = sessions.get(applicationId)?.get(participant)?.connection;
      if (
        'description' in message &&
        message.description?.type === 'offer' &&
        current?.link === message.link
      ) {
        const answer = await current.peer?.renegotiate(message.description);
        options.reply({ link: current.id, to: current.link, description: answer });
      } else if ('description' in message && message.description?.type === 'offer')
        await openConnection({ ...options, link: message.link, offer: message.description });
      else if ('candidate' in message) {
        if (current?.link === message.link) await current.peer?.addCandidate(message.candidate);
      } else if ('bye' in message && current?.link === message.link)
        await closeConnection(applicationId, participant);
    } catch (error) {
      deps.log?.warn({ err: error, applicationId, participant }, 'recorder: a signal could not be applied');
    }
  }

  // One watch for every session in this process: someone in the call whose media has not reached the recorder for
  // `gapMs` (since it last did, or since they joined) is in a gap.
  const watch = setInterval(
    () => {
      const at = clock();
      for (const [applicationId, session] of sessions) {
        if (closed.has(applicationId)) continue;
        for (const [participant, person] of session) {
          const last = person.lastMediaAt ?? person.joinedAt;
          if (person.gapSince !== null || at - last <= gapMs) continue;
          person.gapSince = last;
          void fact(
            applicationId,
            'media_gap',
            participant,
            person.lastMediaAt === null
              ? `No media since joining at ${new Date(last).toISOString()}`
              : `No media since ${new Date(last).toISOString()}`,
          );
        }
      }
    },
    Math.max(100, Math.floor(gapMs / 4)),
  );
  watch.unref();

  return {
    /** A signal a participant sent to the recorder: an offer starts a take, `bye` ends it. */
    signal(options: {
      applicationId: string;
      participant: string;
      data: unknown;
      reply: (data: unknown) => void;
    }) {
      // One participant's signals in arrival order: the candidates trickling behind an offer wait for its answer.
      const key = `${options.applicationId} ${options.participant}`;
      const next = (inboxes.get(key) ?? Promise.resolve()).then(() => applySignal(options));
      inboxes.set(key, next);
      return next.finally(() => {
        if (inboxes.get(key) === next) inboxes.delete(key);
      });
    },

    /** Someone joined the call: from now their media is expected (none within `gapMs` is a gap). */
    participantJoined(applicationId: string, participant: string) {
      if (!closed.has(applicationId) && !stopping) personOf(applicationId, participant);
    },

    /**
     * The participant left the call: their take ends (an open gap is closed in the chain). A leave is not a gap, but
     * for someone the act cannot go on without (the notary, `expectedBack`) before it ends (decision 0086): their
     * absence is a gap from now, carried to whichever process receives their media when they are back.
     */
    async participantLeft(
      applicationId: string,
      participant: string,
      options: { expectedBack?: boolean } = {},
    ) {
      await closeConnection(applicationId, participant);
      const person = sessions.get(applicationId)?.get(participant);
      if (person) await endGap(applicationId, participant, person, false);
      sessions.get(applicationId)?.delete(participant);
      if (options.expectedBack && !closed.has(applicationId) && !stopping)
        await fact(applicationId, 'media_gap', participant, NOTARY_LEFT_NOTE);
      await appends.get(applicationId);
    },

    finish,
    manifest,

    /**
     * The act ends (the seal, or the session failed): every take ends, nothing new is recorded, and the signed
     * manifest is stored with the session (its final hash goes on the certificate). Returns it.
     */
    async finishAndStore(applicationId: string) {
      closed.add(applicationId);
      // Every process that records someone of this session stores and chains what it holds first.
      await deps.others?.finish(applicationId);
      await finish(applicationId);
      await endHandedOverGaps(applicationId);
      const signed = await manifest(applicationId);
      await repo.storeManifest(db, {
        applicationId,
        finalHash: signed.finalHash,
        partCount: signed.entries.filter((entry) => entry.kind === 'part').length,
        manifest: signed,
        retainUntil: retainUntil(new Date(clock()), deps.retentionYears ?? DEFAULT_RETENTION_YEARS),
      });
      return signed;
    },

    /**
     * The seal failed after the finish: the act did not end, so the stored manifest goes (the next finish stores it
     * again, with what is recorded until then); the call goes on, and media is expected again (a gap until it comes).
     */
    async reopen(applicationId: string) {
      closed.delete(applicationId);
      await deps.others
        ?.reopen(applicationId)
        .catch((error: unknown) =>
          deps.log?.warn({ err: error, applicationId }, 'recorder: another process did not reopen'),
        );
      await repo.deleteStoredManifest(db, applicationId);
      changed(applicationId);
    },

    /** Another process ends the act (its seal): the takes held here end, stored and chained; nothing new starts. */
    async finishHere(applicationId: string) {
      closed.add(applicationId);
      await finish(applicationId);
    },

    /** Another process's seal failed after the finish: takes start here again. */
    async reopenHere(applicationId: string) {
      closed.delete(applicationId);
    },

    /**
     * The session is over (sealed, or failed, its manifest stored): the recorder forgets it (its chain and manifest
     * stay in the database), and the composed view is asked for (decision 0084).
     */
    forget(applicationId: string) {
      sessions.delete(applicationId);
      deps.onEnded?.(applicationId);
    },

    /** The manifest and every part, as files in `dir` (what `npm run recording:verify` checks). */
    exportTo: async (applicationId: string, dir: string, options: { stored?: boolean } = {}) =>
      exportRecording({
        db,
        blobStore: deps.blobStore,
        manifest: options.stored
          ? ((await repo.findStoredManifest(db, applicationId)) ?? (await manifest(applicationId)))
          : await manifest(applicationId),
        dir,
      }),

    /**
     * This process stops (SIGTERM, a rolling restart; decision 0083), before its sockets are told to reconnect
     * elsewhere: every take it holds ends (the last part stored and chained), an open gap is chained, and each person
     * it recorded is in a gap ("process restart") until their media reaches the recorder on another process, which
     * chains that gap when it does. Nothing new is recorded here afterwards.
     */
    async handOver() {
      if (stopping) return;
      stopping = true;
      clearInterval(watch);
      for (const [applicationId, session] of Array.from(sessions)) {
        if (closed.has(applicationId)) continue;
        for (const [participant, person] of Array.from(session)) {
          await closeConnection(applicationId, participant);
          await endGap(applicationId, participant, person, false);
          await fact(applicationId, 'media_gap', participant, PROCESS_RESTART_NOTE);
        }
        await appends.get(applicationId);
      }
      sessions.clear();
    },

    /** This process stops: whatever `handOver` left (nothing, normally) ends with what has arrived. */
    async close() {
      stopping = true;
      clearInterval(watch);
      for (const applicationId of Array.from(sessions.keys())) await finish(applicationId);
    },
  };

  /** The session's manifest as it stands (what is stored and chained so far), signed with the platform key. */
  async function manifest(applicationId: string) {
    await appends.get(applicationId);
    return signedManifest({
      db,
      applicationId,
      signedAt: new Date(clock()),
      signAsPlatform: deps.signAsPlatform,
    });
  }

  /** Ends every take of the session (an open gap goes into the chain); resolves once all is stored and chained. */
  async function finish(applicationId: string) {
    const session = sessions.get(applicationId);
    for (const [participant, person] of session ?? []) {
      await closeConnection(applicationId, participant);
      await endGap(applicationId, participant, person, false);
      // Expected again only from now (after a failed seal, `reopen`): a gap counts from the finish.
      person.lastMediaAt = clock();
    }
    await appends.get(applicationId);
  }

  /**
   * At the act's end, after every process finished: someone a stopped process handed over (decision 0083) whose media
   * reached no recorder since — their gap is chained, from the hand-over to now, unless a recorder chained it.
   */
  async function endHandedOverGaps(applicationId: string) {
    const handedOver = await repo.handedOverGaps(db, applicationId);
    if (handedOver.size === 0) return;
    const chained = (await repo.listEntries(db, applicationId)).filter((row) => row.kind === 'gap');
    for (const [participant, since] of handedOver) {
      if (chained.some((row) => row.participant === participant && row.fromAt >= since)) continue;
      void appendGap(applicationId, participant, since.getTime(), Math.max(clock(), since.getTime()));
    }
    await appends.get(applicationId);
  }
}
