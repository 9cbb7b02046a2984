import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findApplication } from '../applications/applications.service.ts';
import { sessionPeople } from '../sessions/participants.ts';
import { type ComposeCell, type ComposeTake, clockText, composeArgs, gridOf } from './composer-graph.ts';
import * as compositions from './composition.repository.ts';
import { probe, run } from './ffmpeg.ts';
import { CHAIN_START, COMPOSER_PARTICIPANT, entryHash } from './manifest.ts';
import { renderNameLabel } from './name-label.ts';
import * as repo from './recorder.repository.ts';
import { signedManifest } from './recorder-export.ts';

export const COMPOSE_JOB = 'recorder.compose';
/** After this many failed runs the view is `failed` (the raw tracks stay playable and verifiable). */
const MAX_ATTEMPTS = 3;

export type ComposerService = ReturnType<typeof createComposerService>;

/** The names people had in the session, by participant id (`user:{id}`, `signatory:{id}`). */
export async function participantNames(db: Database, applicationId: string) {
  const people = await sessionPeople(db, applicationId);
  return new Map<string, string>([
    ...(people?.signatories ?? []).map((s) => [`signatory:${s.id}`, s.fullName] as [string, string]),
    ...(people?.notary
      ? [[`user:${people.notary.userId}`, people.notary.fullName ?? 'Notary'] as const]
      : []),
  ]);
}

/** The session's takes: each person's connection, its parts in order, first and last byte on the wall clock. */
export async function takesOf(db: Database, applicationId: string) {
  const rows = await repo.listEntries(db, applicationId);
  const takes = new Map<
    string,
    { participant: string; take: number; parts: typeof rows; from: Date; to: Date }
  >();
  for (const row of rows) {
    if (row.kind !== 'part' || row.take === null) continue;
    const key = `${row.participant} ${row.take}`;
    const known = takes.get(key);
    if (!known)
      takes.set(key, {
        participant: row.participant,
        take: row.take,
        parts: [row],
        from: row.fromAt,
        to: row.toAt,
      });
    else {
      known.parts.push(row);
      if (row.toAt > known.to) known.to = row.toAt;
    }
  }
  for (const take of takes.values()) take.parts.sort((a, b) => (a.part ?? 0) - (b.part ?? 0));
  return { takes: [...takes.values()], gaps: rows.filter((row) => row.kind === 'gap'), rows };
}

/**
 * The composed view of a session's recording (issue 24, decision 0084), made after the act by a job: the raw tracks
 * decrypted into a private temp directory, composed by ffmpeg (composer-graph.ts), stored in the blob store and
 * chained as a `composed` entry after the act's head; the stored manifest is signed again with it.
 */
export function createComposerService(deps: {
  db: Database;
  blobStore: BlobStore;
  jobs: Jobs;
  signAsPlatform: (data: Buffer) => Promise<{ signature: Buffer; certificatePem: string }>;
  /** Whether the act's end starts the job (RECORDER_COMPOSE; off in tests unless asked for: ffmpeg costs CPU). */
  isEnabled: boolean;
  /** A catch-up run every few minutes (after a restart, or a failed attempt). */
  isScheduled: boolean;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, blobStore } = deps;

  async function resign(applicationId: string) {
    const manifest = await signedManifest({
      db,
      applicationId,
      signedAt: new Date(),
      signAsPlatform: deps.signAsPlatform,
    });
    await compositions.replaceStoredManifest(db, applicationId, manifest);
  }

  /** One session's composed view. Idempotent: a run after a crash or beside another adds no second entry. */
  async function compose(applicationId: string) {
    await compositions.queueComposition(db, applicationId);
    // A seal in progress may still reopen the recording: only an act that ended is composed.
    const application = await findApplication(db, applicationId);
    if (!application || application.status === 'in_session') return;
    if (await compositions.findComposedEntry(db, applicationId)) {
      // Chained by an earlier run that stopped before it finished: the manifest is signed again and it is ready.
      await resign(applicationId);
      await compositions.updateComposition(db, applicationId, { status: 'ready', failure: null });
      return;
    }
    const { takes, gaps } = await takesOf(db, applicationId);
    if (takes.length === 0) {
      await compositions.updateComposition(db, applicationId, {
        status: 'failed',
        failure: 'nothing recorded',
      });
      return;
    }
    const startMs = Math.min(...takes.map((take) => take.from.getTime()));
    const endMs = Math.max(...takes.map((take) => take.to.getTime()));
    const names = await participantNames(db, applicationId);
    const people = [...new Set(takes.map((take) => take.participant))];
    // Private to this process's user, and removed whatever happens: it holds decrypted media.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-compose-'));
    try {
      await chmod(dir, 0o700);
      const inputs: ComposeTake[] = [];
      const durations: compositions.TakeDuration[] = [];
      for (const [index, take] of takes.entries()) {
        const file = path.join(dir, `take${index}.webm`);
        const out = createWriteStream(file, { mode: 0o600 });
        // The take's parts in order, streamed: their concatenation is the track's file (decision 0076).
        for (const part of take.parts)
          if (part.blobKey) await pipeline(await blobStore.get(part.blobKey), out, { end: false });
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        const probed = await probe(file);
        durations.push({ participant: take.participant, take: take.take, durationMs: probed.durationMs });
        inputs.push({
          file,
          cell: people.indexOf(take.participant),
          offsetMs: take.from.getTime() - startMs,
          hasVideo: probed.hasVideo,
          hasAudio: probed.hasAudio,
        });
      }
      const cells: ComposeCell[] = [];
      const { cellWidth } = gridOf(people.length);
      for (const [index, participant] of people.entries()) {
        // The name as a shaped picture (decision 0089), kept with the media in the private directory.
        const label = await renderNameLabel(names.get(participant) ?? participant, cellWidth - 12);
        const labelFile = path.join(dir, `name${index}.png`);
        await writeFile(labelFile, label.png, { mode: 0o600 });
        cells.push({
          labelFile,
          gaps: gaps
            .filter((gap) => gap.participant === participant)
            .map((gap) => ({ fromMs: gap.fromAt.getTime() - startMs, toMs: gap.toAt.getTime() - startMs })),
        });
      }
      const clockFile = path.join(dir, 'clock.txt');
      await writeFile(clockFile, clockText(startMs));
      const output = path.join(dir, 'composed.webm');
      await run('ffmpeg', composeArgs({ takes: inputs, cells, spanMs: endMs - startMs, clockFile, output }));

      const hash = createHash('sha256');
      let size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const stored = await blobStore.put({
        body: createReadStream(output).pipe(counting),
        prefix: 'recorder-composed',
      });
      const sha256 = hash.digest('hex');
      const entry = {
        kind: 'composed' as const,
        participant: COMPOSER_PARTICIPANT,
        take: null,
        part: null,
        sha256,
        sizeBytes: size,
        from: new Date(startMs).toISOString(),
        to: new Date(endMs).toISOString(),
      };
      const isAdded = await repo.appendEntry(
        db,
        applicationId,
        (head) => {
          const seq = head ? head.seq + 1 : 0;
          const prev = head?.hash ?? CHAIN_START;
          return {
            applicationId,
            ...entry,
            seq,
            blobKey: stored.key,
            fromAt: new Date(startMs),
            toAt: new Date(endMs),
            prevHash: prev,
            hash: entryHash({ ...entry, seq, prev }),
          };
        },
        // Once: a retried or concurrent run finds the composed entry there under the chain's lock (decision 0083).
        async (tx) => Boolean(await compositions.findComposedEntry(tx, applicationId)),
      );
      // Another run chained its view first: ours is not kept.
      if (!isAdded) await blobStore.delete(stored.key).catch(() => {});
      await resign(applicationId);
      await compositions.updateComposition(db, applicationId, {
        status: 'ready',
        failure: null,
        takes: durations,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Every session due, one at a time (ffmpeg on one thread: one composition at a time per process). */
  async function composeDue() {
    let composed = 0;
    for (const applicationId of await compositions.dueCompositions(db, 20)) {
      try {
        await compose(applicationId);
        composed += 1;
      } catch (error) {
        deps.log.error({ err: error, applicationId }, 'the composed view could not be made');
        await compositions.updateComposition(db, applicationId, { attempt: true });
        const row = await compositions.findComposition(db, applicationId);
        if (row && row.attempts >= MAX_ATTEMPTS)
          await compositions.updateComposition(db, applicationId, {
            status: 'failed',
            failure: String(error).slice(0, 500),
          });
      }
    }
    return composed;
  }

  deps.jobs.register({
    name: COMPOSE_JOB,
    ...(deps.isScheduled && deps.isEnabled ? { intervalMs: 5 * 60_000, runAtStart: true } : {}),
    run: () => composeDue(),
  });

  return {
    compose,
    composeDue,
    /** The act ended and its manifest is stored (the seal, or the session failed): the view is wanted. */
    async queue(applicationId: string) {
      await compositions.queueComposition(db, applicationId);
      if (deps.isEnabled) deps.jobs.kick(COMPOSE_JOB);
    },
  };
}
