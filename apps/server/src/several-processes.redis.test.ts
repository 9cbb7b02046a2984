import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CALL_EVENTS, CALL_RECORDER_PARTICIPANT, type CallJoinAck, LOGIN_LIMITS } from '@mohar/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, partFileName, verifyManifest } from './modules/recorder/manifest.ts';
import { PROCESS_RESTART_NOTE } from './modules/recorder/restart-note.ts';
import { createEncryptedBlobStore } from './platform/blob-encryption.ts';
import { readBlob } from './platform/blob-store.ts';
import { createS3BlobStore } from './platform/s3-blob-store.ts';
import { samplePdf } from './testing/documents.ts';
import { type MediaSender, startMediaSender } from './testing/media-sender.ts';
import { connect, eventually, type TestSocket } from './testing/realtime.ts';
import { isRedisUp, redisTestEnv } from './testing/redis.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './testing/round-robin-proxy.ts';
import { objectsIn, type S3Server, s3Env, startS3Server } from './testing/s3.ts';
import { freePort, type ServerProcess, startServerProcess } from './testing/server-processes.ts';

/**
 * Two real server processes, started as production starts them, on one PostgreSQL + Redis + S3 bucket, each with a
 * data folder of its own, behind a round-robin proxy (issue 21). Nothing is shared but those three services: a file,
 * an event, a call's signalling and a count of wrong passwords must each cross from one process to the other.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const canRun = Boolean(serverUrl) && process.env.TEST_DB === 'postgres' && isRedisUp;
const database = `mohar_p_${randomBytes(6).toString('hex')}`;

let s3: S3Server | undefined;
let bucket: Awaited<ReturnType<S3Server['bucket']>>;
let proxy: RoundRobinProxy | undefined;
let databaseUrlOfTest = '';
const encryptionKey = randomBytes(32).toString('base64');
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
const sockets: TestSocket[] = [];

async function onServer(sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  if (!canRun) return;
  // An empty database: both processes migrate it as they start, at the same moment.
  await onServer(`create database ${database}`);
  const databaseUrl = new URL(serverUrl ?? '');
  databaseUrl.pathname = `/${database}`;
  databaseUrlOfTest = databaseUrl.toString();
  s3 = await startS3Server();
  bucket = await s3.bucket();
  const ports = [await freePort(), await freePort()];
  proxy = await startRoundRobinProxy(ports.map((port) => ({ port })));
  const shared = {
    NODE_ENV: 'test',
    E2E_FIXTURES: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl.toString(),
    ...redisTestEnv(),
    ...s3Env(bucket),
    ENCRYPTION_KEY: encryptionKey,
    PUBLIC_URL: proxy.origin,
    TRUST_PROXY: 'true',
    // Live sessions are refused outside 10:00–20:00 IST; these processes answer whenever the suite runs.
    SERVICE_HOURS_ALWAYS_OPEN: 'true',
    // The recorder: a short gap threshold and small parts, so a few seconds of media show both (the last test).
    RECORDER_GAP_MS: '2000',
    RECORDER_PART_BYTES: '1024',
  };
  for (const _ of ports) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), 'mohar-process-')));
  const started = await Promise.allSettled(
    ports.map((port, i) =>
      // Under the suite's load on two cores a start has taken over the default 90 s.
      startServerProcess({ port, env: { ...shared, DATA_DIR: dataDirs[i] ?? '' }, timeoutMs: 180_000 }),
    ),
  );
  for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(servers.map((server) => server.stop()));
  await proxy?.close();
  await s3?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  if (canRun) await onServer(`drop database if exists ${database} with (force)`);
}, 60_000);

const through = () => {
  if (!proxy) throw new Error('the proxy has not started');
  return proxy;
};

type Answer = { status: number; upstream: number; body: Buffer; json: <T>() => T };

/** What the test-fixtures routes answer (modules/test-fixtures), as far as this file reads it. */
type FixtureUser = { _id: string; email: string; password: string; cookie: { name: string; value: string } };
type FixtureApplication = {
  _id: string;
  ownerId: string;
  owner: FixtureUser;
  notary: FixtureUser;
  signatories: Array<{ _id: string; token: string }>;
};

/**
 * A request through the proxy, as a browser's would go, from the loopback address `from` (any 127.x.y.z is this
 * machine): the proxy tells the servers that address, as a real one tells them the client's.
 */
async function request(
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; form?: FormData; from?: string; spoofedFor?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  // What a client may claim; the proxy replaces it.
  if (options.spoofedFor) headers['x-forwarded-for'] = options.spoofedFor;
  let payload: Buffer | undefined;
  if (options.form) {
    const encoded = new Response(options.form);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(options.json));
  }
  const { port } = new URL(through().origin);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { host: '127.0.0.1', port, method, path: `/api/v1${url}`, headers, localAddress: options.from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            upstream: Number(res.headers['x-upstream']),
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** Round robin: plain health reads until the next request or websocket goes to process `index`. */
async function nextGoesTo(index: number) {
  while (through().next !== index) await request('GET', '/health');
}

/** A socket.io client through the proxy, held by process `index`. */
async function socketOn(index: number, options: Parameters<typeof connect>[1]) {
  await nextGoesTo(index);
  const socket = await connect(through().origin, options);
  sockets.push(socket);
  expect(through().upgrades.at(-1)).toBe(index);
  return socket;
}

const cookieOf = (user: FixtureUser) => `${user.cookie.name}=${user.cookie.value}`;

/** A query on the processes' database, as an auditor would read it. */
async function inDatabase<T>(query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrlOfTest });
  await client.connect();
  try {
    return (await client.query(query, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A participant's browser in the call: joins, and (`sendMedia`) sends its camera and microphone to the recorder. */
async function inCall(socket: TestSocket, applicationId: string) {
  const ack = (await socket.emitWithAck(CALL_EVENTS.join, { applicationId })) as CallJoinAck;
  if (!ack.ok) throw new Error(ack.message);
  return { self: ack.self, socket };
}

async function sendMedia(person: { self: string; socket: TestSocket }, take: number): Promise<MediaSender> {
  let sender: MediaSender | undefined;
  let onAnswer: (data: never) => void = () => {};
  const answered = new Promise<void>((resolve) => {
    onAnswer = (data) => {
      void sender?.answer(data).then(resolve);
    };
  });
  person.socket.on(CALL_EVENTS.signal, (message: { from: string; data: never }) => {
    if (message.from === CALL_RECORDER_PARTICIPANT) onAnswer(message.data);
  });
  sender = await startMediaSender({
    link: `link-${person.self}-${take}`,
    signal: (data) => person.socket.emit(CALL_EVENTS.signal, { to: CALL_RECORDER_PARTICIPANT, data }),
  });
  await answered;
  return sender;
}

describe.skipIf(!canRun)('two server processes behind a round-robin proxy', () => {
  it('both started at once on an empty database (one migrated, the other waited) and each answers', async () => {
    expect(servers).toHaveLength(2);
    const answers = [await request('GET', '/health'), await request('GET', '/health')];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.upstream).sort()).toEqual([0, 1]);
  });

  it('a document uploaded through one process is read through the other, from the bucket, as ciphertext there', async () => {
    const draft = (
      await request('POST', '/test-fixtures/applications', { json: { status: 'draft' } })
    ).json<FixtureApplication>();
    const owner = cookieOf(draft.owner);
    const pdf = await samplePdf({ pages: 2, title: 'Rent agreement, Kothrud' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'rent-agreement.pdf');

    await nextGoesTo(0);
    const upload = await request('PUT', `/applications/${draft._id}/document`, { cookie: owner, form });
    expect([upload.status, upload.upstream]).toEqual([200, 0]);
    const read = await request('GET', `/applications/${draft._id}/document`, { cookie: owner });
    expect([read.status, read.upstream]).toEqual([200, 1]);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(read.body)).toBe(sha(pdf));

    const stored = await objectsIn(bucket);
    expect(stored.size).toBeGreaterThan(0);
    for (const bytes of stored.values()) expect(bytes.includes('%PDF')).toBe(false);
  });

  it('a notification raised through one process reaches the socket the owner holds on the other', async () => {
    const admin = (
      await request('POST', '/test-fixtures/users', { json: { role: 'admin', mfa: false } })
    ).json<FixtureUser>();
    const paid = (
      await request('POST', '/test-fixtures/applications', { json: { status: 'paid' } })
    ).json<FixtureApplication>();
    const socket = await socketOn(1, { cookie: cookieOf(paid.owner) });

    await nextGoesTo(0);
    const failed = await request('POST', `/admin/applications/${paid._id}/fail`, {
      cookie: cookieOf(admin),
      json: { reason: 'The video call dropped.' },
    });
    expect([failed.status, failed.upstream]).toEqual([200, 0]);
    // Across processes through Redis, on a machine the rest of the suite keeps busy: a hang guard, not a time rule.
    await eventually(() => socket.received.some((n) => n.kind === 'application_status'), 15_000);
    expect(socket.received.every((n) => n.applicationId === paid._id && n.userId === paid.ownerId)).toBe(
      true,
    );
  });

  it('call signalling crosses processes: a notary on one and a signatory on the other join, negotiate and leave', async () => {
    const live = (
      await request('POST', '/test-fixtures/live-sessions', {
        json: { signatories: [{ fullName: 'Gita Rao' }] },
      })
    ).json<FixtureApplication>();
    const notaryId = `user:${live.notary._id}`;
    const [gita] = live.signatories;
    if (!gita) throw new Error('the fixture has no signatory');
    const signatoryId = `signatory:${gita._id}`;
    const join = (socket: TestSocket) =>
      socket.emitWithAck(CALL_EVENTS.join, { applicationId: live._id }) as Promise<CallJoinAck>;
    const heard = (socket: TestSocket, event: string) => {
      const messages: unknown[] = [];
      socket.on(event, (message: unknown) => messages.push(message));
      return messages;
    };

    const notary = await socketOn(0, { cookie: cookieOf(live.notary) });
    expect(await join(notary)).toMatchObject({ ok: true, self: notaryId, peers: [] });
    const joined = heard(notary, CALL_EVENTS.peerJoined);
    const left = heard(notary, CALL_EVENTS.peerLeft);
    const atNotary = heard(notary, CALL_EVENTS.signal);
    const media = heard(notary, CALL_EVENTS.media);

    const signatory = await socketOn(1, { portalToken: gita.token });
    const atSignatory = heard(signatory, CALL_EVENTS.signal);
    // Process 1 sees the notary's socket, held by process 0, in the call.
    expect(await join(signatory)).toMatchObject({ ok: true, self: signatoryId, peers: [notaryId] });
    await eventually(() => joined.length === 1);
    expect(joined).toEqual([{ participant: signatoryId }]);

    // As the web app negotiates (lib/peer-link.ts): a signatory offers to the notary, who answers; candidates both ways.
    const offer = { link: 'a1', to: null, description: { type: 'offer', sdp: 'v=0 offer' } };
    const answer = { link: 'n1', to: 'a1', description: { type: 'answer', sdp: 'v=0 answer' } };
    const candidate = (link: string) => ({
      link,
      to: null,
      candidate: { candidate: `candidate:${link}`, sdpMid: '0' },
    });
    signatory.emit(CALL_EVENTS.signal, { to: notaryId, data: offer });
    signatory.emit(CALL_EVENTS.signal, { to: notaryId, data: candidate('a1') });
    await eventually(() => atNotary.length === 2);
    notary.emit(CALL_EVENTS.signal, { to: signatoryId, data: answer });
    notary.emit(CALL_EVENTS.signal, { to: signatoryId, data: candidate('n1') });
    await eventually(() => atSignatory.length === 2);
    expect(atNotary).toEqual([
      { from: signatoryId, data: offer },
      { from: signatoryId, data: candidate('a1') },
    ]);
    expect(atSignatory).toEqual([
      { from: notaryId, data: answer },
      { from: notaryId, data: candidate('n1') },
    ]);

    signatory.emit(CALL_EVENTS.media, { audio: false, video: true });
    await eventually(() => media.length === 1);
    expect(media).toEqual([{ participant: signatoryId, audio: false, video: true }]);

    // Process 1 asks every process whether the signatory has another socket in the call before telling the others.
    signatory.close();
    await eventually(() => left.length === 1);
    expect(left).toEqual([{ participant: signatoryId }]);
  });

  it('wrong passwords are counted once for both processes: after five, each refuses the sixth', async () => {
    const account = (
      await request('POST', '/test-fixtures/users', { json: { mfa: false } })
    ).json<FixtureUser>();
    const login = (password: string, from: string, spoofedFor?: string) =>
      request('POST', '/login', { json: { email: account.email, password }, from, spoofedFor });
    const guesses: Answer[] = [];
    // Each guess claims another address; the proxy tells the servers the real one, so they are counted together.
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      guesses.push(await login(`wrong guess ${i}`, '127.0.0.21', `203.0.113.${i + 1}`));
    expect(guesses.map((g) => g.status)).toEqual(Array(LOGIN_LIMITS.perAddress).fill(401));
    expect(new Set(guesses.map((g) => g.upstream))).toEqual(new Set([0, 1]));
    const refusals = [
      await login(account.password, '127.0.0.21'),
      await login(account.password, '127.0.0.21'),
    ];
    expect(refusals.map((r) => [r.status, r.json<{ code: string }>().code])).toEqual([
      [429, 'request.rate_limited'],
      [429, 'request.rate_limited'],
    ]);
    expect(refusals.map((r) => r.upstream).sort()).toEqual([0, 1]);
    // The owner, from their own address, still signs in.
    expect((await login(account.password, '127.0.0.22')).status).toBe(200);
  });

  it('the recorder across processes: a session failed on one process stores the takes the other holds, in its manifest', async () => {
    const notaryUser = (await request('POST', '/test-fixtures/notaries', { json: {} })).json<FixtureUser>();
    const live = (
      await request('POST', '/test-fixtures/live-sessions', {
        json: { notaryId: notaryUser._id, signatories: [{ fullName: 'Meera Iyer' }] },
      })
    ).json<FixtureApplication>();
    const [meera] = live.signatories;
    if (!meera) throw new Error('the fixture has no signatory');
    // The notary recorded by process 0, Meera by process 1.
    const notary = await inCall(await socketOn(0, { cookie: cookieOf(notaryUser) }), live._id);
    const meeraIn = await inCall(await socketOn(1, { portalToken: meera.token }), live._id);
    const senders = [await sendMedia(notary, 0), await sendMedia(meeraIn, 0)];
    const parts = async (participant: string) =>
      (
        await inDatabase<{ n: number }>(
          "select count(*)::int as n from recording_manifest_entries where application_id = $1 and participant = $2 and kind = 'part'",
          [live._id, participant],
        )
      )[0]?.n ?? 0;
    await eventually(async () => (await parts(notary.self)) >= 1 && (await parts(meeraIn.self)) >= 1, 20_000);

    await nextGoesTo(0);
    const failed = await request('POST', `/sessions/${live._id}/fail`, {
      cookie: cookieOf(notaryUser),
      json: { reason: 'The signatory could not read the document.' },
    });
    expect([failed.status, failed.upstream]).toEqual([200, 0]);
    for (const sender of senders) await sender.close();
    // Process 0 asked process 1 to end Meera's take before it signed: her last part is in the stored manifest.
    const [stored] = await inDatabase<{ manifest: Manifest }>(
      'select manifest from recording_manifests where application_id = $1',
      [live._id],
    );
    const chained = await inDatabase<{ participant: string; seq: number }>(
      'select participant, seq from recording_manifest_entries where application_id = $1 order by seq',
      [live._id],
    );
    expect(stored?.manifest.entries.map((entry) => entry.seq)).toEqual(chained.map((row) => row.seq));
    const lastOfMeera = Math.max(
      ...chained.filter((row) => row.participant === meeraIn.self).map((row) => row.seq),
    );
    expect(stored?.manifest.entries.some((entry) => entry.seq === lastOfMeera)).toBe(true);
  });

  // Last: it stops process 0.
  it('the recorder across processes: one chain from both, and SIGTERM hands the takes over with a gap; the act waits for media, then seals', async () => {
    const notaryUser = (
      await request('POST', '/test-fixtures/notaries', { json: { certificate: 'platform' } })
    ).json<FixtureUser>();
    const live = (
      await request('POST', '/test-fixtures/live-sessions', {
        json: {
          status: 'signed',
          notaryId: notaryUser._id,
          signatories: [{ fullName: 'Gita Rao' }, { fullName: 'Hari Rao' }],
        },
      })
    ).json<FixtureApplication>();
    const [gita, hari] = live.signatories;
    if (!gita || !hari) throw new Error('the fixture has no signatories');
    const senders: MediaSender[] = [];
    // The notary and Hari on process 0, Gita on process 1: each process records its own participants.
    const notary = await inCall(await socketOn(0, { cookie: cookieOf(notaryUser) }), live._id);
    const gitaIn = await inCall(await socketOn(1, { portalToken: gita.token }), live._id);
    const hariIn = await inCall(await socketOn(0, { portalToken: hari.token }), live._id);
    for (const person of [notary, gitaIn, hariIn]) senders.push(await sendMedia(person, 0));

    type Entry = {
      seq: number;
      kind: string;
      participant: string;
      take: number | null;
      part: number | null;
      blob_key: string | null;
    };
    const entries = () =>
      inDatabase<Entry>(
        'select seq, kind, participant, take, part, blob_key from recording_manifest_entries where application_id = $1 order by seq',
        [live._id],
      );
    /** A person's stored parts, of takes after `after` (the builder stored one of the notary's, as take 0). */
    const partsOf = (rows: Entry[], participant: string, after = -1) =>
      rows.filter((row) => row.kind === 'part' && row.participant === participant && (row.take ?? 0) > after)
        .length;
    const lastTake = (rows: Entry[], participant: string) =>
      Math.max(-1, ...rows.filter((row) => row.participant === participant).map((row) => row.take ?? -1));
    // Both processes append parts of one session at once (a part closes every 1 KB): the chain must stay one.
    await eventually(async () => {
      const rows = await entries();
      return [notary, gitaIn, hariIn].every((person) => partsOf(rows, person.self) >= 2);
    }, 20_000);

    // A rolling restart: process 0 receives SIGTERM while its two participants' media flows.
    const [first, second] = servers;
    if (!first || !second) throw new Error('two processes expected');
    await first.stop();
    const before = await entries();
    expect(first.child.exitCode).toBe(0);
    // Before it went, it stored and chained each of their takes and wrote the gap of the restart.
    const facts = await inDatabase<{ actor: string; note: string | null }>(
      "select actor, note from session_events where application_id = $1 and kind = 'media_gap'",
      [live._id],
    );
    for (const person of [notary, hariIn])
      expect(facts).toContainEqual({ actor: person.self, note: PROCESS_RESTART_NOTE });
    expect(facts.filter((fact) => fact.actor === gitaIn.self && fact.note === PROCESS_RESTART_NOTE)).toEqual(
      [],
    );
    // (Their old peers went with process 0; Gita's media still flows to process 1.)
    for (const index of [2, 0]) await senders.splice(index, 1)[0]?.close();

    // Their browsers reconnect, to process 1. Present again, their media has not reached a recorder: the act waits.
    const moved = [
      await inCall(await connect(second.origin, { cookie: cookieOf(notaryUser) }), live._id),
      await inCall(await connect(second.origin, { portalToken: hari.token }), live._id),
    ];
    for (const person of moved) sockets.push(person.socket);
    await eventually(async () => {
      const back = await inDatabase<{ actor: string }>(
        "select actor from session_events where application_id = $1 and kind = 'reconnected'",
        [live._id],
      );
      return moved.every((person) => back.some((row) => row.actor === person.self));
    }, 10_000);
    const seal = () =>
      fetch(`${second.origin}/api/v1/sessions/${live._id}/seal`, {
        method: 'POST',
        headers: { cookie: cookieOf(notaryUser), 'content-type': 'application/json' },
        body: '{}',
      });
    const refused = await seal();
    expect(refused.status).toBe(409);
    const refusal = (await refused.json()) as { code: string; details: { missing: string } };
    expect(refusal.code).toBe('sessions.recording_required');
    expect(refusal.details.missing.split(', ').sort()).toEqual([notary.self, hariIn.self].sort());

    // Their media reaches process 1's recorder (a new take each): the gaps end, and the seal goes through.
    for (const person of moved) senders.push(await sendMedia(person, 1));
    await eventually(async () => {
      const rows = await entries();
      return moved.every((person) => partsOf(rows, person.self, lastTake(before, person.self)) >= 1);
    }, 20_000);
    let sealed: Response | undefined;
    await eventually(async () => {
      sealed = await seal();
      return sealed.status !== 409;
    }, 20_000);
    expect(sealed?.status).toBe(200);
    for (const sender of senders) await sender.close();

    // The stored manifest: one chain, signed, every part's bytes matching; the restart's gap for each moved person.
    const [stored] = await inDatabase<{ manifest: Manifest }>(
      'select manifest from recording_manifests where application_id = $1',
      [live._id],
    );
    const manifest = stored?.manifest;
    if (!manifest) throw new Error('no stored manifest');
    const rows = await entries();
    const store = createEncryptedBlobStore(createS3BlobStore(bucket), {
      current: Buffer.from(encryptionKey, 'base64'),
    });
    const files = new Map<string, Buffer>();
    for (const row of rows)
      if (row.blob_key) files.set(partFileName(row), await readBlob(store, row.blob_key));
    expect(verifyManifest(manifest, (file) => files.get(file) ?? null).problems).toEqual([]);
    expect(manifest.entries).toHaveLength(rows.length);
    for (const person of moved) {
      expect(manifest.entries.some((e) => e.kind === 'gap' && e.participant === person.self)).toBe(true);
      expect(partsOf(rows, person.self)).toBeGreaterThan(partsOf(before, person.self));
    }
    // Every recording part in the bucket, from either process, is in a chain (none lost in the restart), and
    // nothing was chained after an act's manifest was stored (here, or in the session failed above).
    const inBucket = [...(await objectsIn(bucket)).keys()].filter((key) => key.startsWith('recorder-part/'));
    const everyEntry = await inDatabase<{ blob_key: string | null }>(
      'select blob_key from recording_manifest_entries',
    );
    expect(new Set(inBucket)).toEqual(
      new Set(everyEntry.flatMap((row) => (row.blob_key ? [row.blob_key] : []))),
    );
    const afterTheAct = await inDatabase<{ application_id: string }>(
      `select m.application_id from recording_manifests m
        where m.part_count <> (select count(*) from recording_manifest_entries e
                               where e.application_id = m.application_id and e.kind = 'part')`,
    );
    expect(afterTheAct).toEqual([]);
  });
});
