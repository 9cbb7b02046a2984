import { PassThrough } from 'node:stream';
import { RECORDING_ERROR_CODES, type RecordingChapterKind, type ServerRecording } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { findApplication, findLatestEventInto } from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sessionTimeline } from '../sessions/participants.ts';
import { participantNames, takesOf } from './composer.ts';
import * as compositions from './composition.repository.ts';
import * as repo from './recorder.repository.ts';
import { serverRecordingFacts, serverRecordingPurgedAt } from './recorder-retention.ts';

const notFound = () =>
  new AppError({
    statusCode: 404,
    code: RECORDING_ERROR_CODES.notFound,
    message: 'There is no server recording of yours here.',
  });
const rangeNotSatisfiable = (size: number) =>
  new AppError({
    statusCode: 416,
    code: RECORDING_ERROR_CODES.rangeNotSatisfiable,
    message: `The requested part of the recording is outside the file (${size} bytes).`,
  });

const purged = () =>
  new AppError({
    statusCode: 410,
    code: RECORDING_ERROR_CODES.purged,
    message: 'This recording was deleted at the end of its retention period. Its hashes are kept.',
  });

const CHAPTER_KINDS = new Set<string>([
  'joined',
  'reconnected',
  'identity_confirmed',
  'identity_not_confirmed',
  'signed',
  'ended_failed',
]);

export type Viewer = { userId: string; role: string; adminRoles?: readonly string[] };
export type ByteRange = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null when absent. Throws 416 when outside the file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) throw rangeNotSatisfiable(size);
  return { start, end };
}

/**
 * Playback of the server recording (issue 24, decision 0084) for the session's notary and admins with the recordings
 * area: its details with the session's events as chapters, the composed view and each raw track, with byte ranges
 * (a `<video>` seeks with them). Anyone else gets 404. Every read of media is audited before a byte is sent.
 */
export function createPlaybackService(deps: { db: Database; blobStore: BlobStore }) {
  const { db, blobStore } = deps;

  async function allowed(applicationId: string, viewer: Viewer) {
    if (!isUuid(applicationId)) throw notFound();
    const application = await findApplication(db, applicationId);
    const mayRead = viewer.role === 'admin' || application?.assignedNotaryId === viewer.userId;
    const manifest = application && mayRead ? await repo.findStoredManifest(db, applicationId) : null;
    if (!manifest) throw notFound();
    return manifest;
  }

  async function info(applicationId: string, viewer: Viewer): Promise<ServerRecording> {
    const manifest = await allowed(applicationId, viewer);
    const [{ takes }, names, composition, composed, stored, timeline, sealed, [facts]] = await Promise.all([
      takesOf(db, applicationId),
      participantNames(db, applicationId),
      compositions.findComposition(db, applicationId),
      compositions.findComposedEntry(db, applicationId),
      repo.progress(db, applicationId),
      sessionTimeline(db, applicationId),
      findLatestEventInto(db, { applicationId, status: 'notarised' }),
      serverRecordingFacts(db, [applicationId]),
    ]);
    // The view starts at the first byte anyone's media reached the recorder (the composer's start, too); a session
    // whose recorder stored nothing spans nothing, at its manifest's signature.
    const signedAt = Date.parse(manifest.signedAt);
    const startMs =
      composed?.fromAt.getTime() ??
      (takes.length > 0 ? Math.min(...takes.map((take) => take.from.getTime())) : signedAt);
    const endMs =
      composed?.toAt.getTime() ??
      (takes.length > 0 ? Math.max(...takes.map((take) => take.to.getTime())) : signedAt);
    const durations = (composition?.takes ?? []) as compositions.TakeDuration[];
    const chapter = (
      kind: RecordingChapterKind,
      at: string,
      actorName: string | null,
      subjectName: string | null,
    ) => ({
      kind,
      at,
      actorName,
      subjectName,
      offsetMs: Math.max(0, Date.parse(at) - startMs),
    });
    const chapters = timeline
      .filter((event) => CHAPTER_KINDS.has(event.kind))
      .map((event) =>
        chapter(event.kind as RecordingChapterKind, event.createdAt, event.actorName, event.subjectName),
      );
    if (sealed) {
      const notary = [...names.entries()].find(([id]) => id.startsWith('user:'))?.[1] ?? null;
      chapters.push(chapter('sealed', sealed.createdAt.toISOString(), notary, null));
    }
    chapters.sort((a, b) => a.at.localeCompare(b.at));
    const state = composed ? 'ready' : composition?.status === 'failed' ? 'failed' : 'pending';
    return {
      applicationId,
      finalHash: stored.finalHash ?? '',
      keptUntil: facts?.keptUntil ?? null,
      purgedAt: facts?.purgedAt ?? null,
      startedAt: new Date(startMs).toISOString(),
      endedAt: new Date(endMs).toISOString(),
      composed: {
        state,
        sha256: composed?.sha256 ?? null,
        sizeBytes: composed?.sizeBytes ?? null,
      },
      chapters,
      tracks: takes.map((take) => ({
        id: String(take.parts[0]?.seq ?? 0),
        participantName: names.get(take.participant) ?? take.participant,
        take: take.take,
        startedAt: take.from.toISOString(),
        endedAt: take.to.toISOString(),
        durationMs:
          durations.find((known) => known.participant === take.participant && known.take === take.take)
            ?.durationMs ?? null,
        sizeBytes: take.parts.reduce((sum, part) => sum + (part.sizeBytes ?? 0), 0),
        parts: take.parts.map((part) => ({ sha256: part.sha256 ?? '', sizeBytes: part.sizeBytes ?? 0 })),
      })),
    };
  }

  /**
   * Blobs in order as one file, only the range's bytes when asked for: each blob's share of the range is read by
   * range (decision 0088), so a seek near the end of an hour-long view decrypts only the chunks it needs.
   */
  function concatenated(keys: { key: string; size: number }[], range: ByteRange | null) {
    const out = new PassThrough();
    void (async () => {
      let offset = 0;
      try {
        for (const { key, size } of keys) {
          const from = offset;
          offset += size;
          if (range && (size === 0 || offset <= range.start || from > range.end)) continue;
          const local = range
            ? { start: Math.max(0, range.start - from), end: Math.min(size - 1, range.end - from) }
            : null;
          const body = local ? await blobStore.getRange(key, local) : await blobStore.get(key);
          for await (const chunk of body)
            if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
        }
        out.end();
      } catch (error) {
        out.destroy(error as Error);
      }
    })();
    return out;
  }

  /** Media of a recording whose retention ended is gone: said as such (410), not as a failure to read. */
  async function refuseIfPurged(applicationId: string) {
    if (await serverRecordingPurgedAt(db, applicationId)) throw purged();
  }

  async function read(options: {
    applicationId: string;
    viewer: Viewer;
    ip: string | null;
    range?: string;
    blobs: { key: string; size: number }[];
    sha256: string | null;
  }) {
    const size = options.blobs.reduce((sum, blob) => sum + blob.size, 0);
    const range = parseRange(options.range, size);
    // A player asks for many ranges of one file: the read is audited once per file, not per range.
    if (!range || range.start === 0)
      await recordAudit(db, {
        actor: { ...options.viewer, ipAddress: options.ip },
        action: 'recording.read',
        subject: { type: 'application', id: options.applicationId },
      });
    return { body: concatenated(options.blobs, range), size, range, sha256: options.sha256 };
  }

  return {
    info,

    /** The composed view's file, once ready. */
    async composed(options: { applicationId: string; viewer: Viewer; ip: string | null; range?: string }) {
      await allowed(options.applicationId, options.viewer);
      await refuseIfPurged(options.applicationId);
      const entry = await compositions.findComposedEntry(db, options.applicationId);
      if (!entry?.blobKey) throw notFound();
      return read({
        ...options,
        blobs: [{ key: entry.blobKey, size: entry.sizeBytes ?? 0 }],
        sha256: entry.sha256,
      });
    },

    /** One raw track (a person's take: its parts in order), named by its first part's place in the chain. */
    async track(options: {
      applicationId: string;
      track: string;
      viewer: Viewer;
      ip: string | null;
      range?: string;
    }) {
      await allowed(options.applicationId, options.viewer);
      await refuseIfPurged(options.applicationId);
      const { takes } = await takesOf(db, options.applicationId);
      const take = takes.find((candidate) => String(candidate.parts[0]?.seq) === options.track);
      if (!take || take.parts.some((part) => !part.blobKey)) throw notFound();
      return read({
        ...options,
        blobs: take.parts.map((part) => ({ key: part.blobKey as string, size: part.sizeBytes ?? 0 })),
        sha256: null,
      });
    },
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
