import type { RECORDING_STATES, Recording } from '@mohar/contracts';
import { RECORDING_CHUNK_MAX_BYTES } from '@mohar/contracts';
import { API_BASE, ApiError } from '@/lib/api-client';
import { CLIENT_ERROR_CODES } from '@/lib/api-errors';
import { reportError } from '@/lib/log';
import { ChunkUploader } from './chunk-uploader';

/**
 * Records the call (the compositor's stream) in the notary's browser as evidence: MediaRecorder slices are sent
 * as they come, so a crash or a closed tab loses at most one slice, and finishing asks the server to assemble them.
 */
export type RecorderStatus = {
  recording: boolean;
  /** Parts are not reaching the server (being retried, or refused for good). */
  uploadsFailing: boolean;
  /** Parts the server has accepted. */
  chunks: number;
  error: string | null;
};

export type RecordingHandle = {
  /** Stops, uploads what is left and assembles the file; null when nothing was ever recorded. */
  stop(): Promise<Recording | null>;
  /**
   * Stops recording and sends what is left without finishing the file: the notary left the page mid-session, and a
   * recorder started on their return continues after these parts.
   */
  detach(): Promise<void>;
};

type RecordingState = (typeof RECORDING_STATES)[number];

const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

export function startRecording(options: {
  applicationId: string;
  stream: MediaStream;
  timesliceMs?: number;
  /** Parts the server already holds for this session (a restarted recorder continues after them). */
  firstIndex?: number;
  onStatus: (status: RecorderStatus) => void;
}): RecordingHandle {
  const { stream, onStatus } = options;
  const base = `${API_BASE}/sessions/${encodeURIComponent(options.applicationId)}/recording`;
  let isRecording = false;
  let isStopping = false;
  let hasFailed = false;
  let error: string | null = null;
  let recorder: MediaRecorder | null = null;
  let markStopped: () => void = () => {};
  const recorderStopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });

  const report = () => {
    const state = uploader.state;
    onStatus({
      recording: isRecording,
      uploadsFailing: state.failing || state.failed,
      chunks: state.uploaded,
      error,
    });
  };

  const fail = (detail: string) => {
    if (hasFailed) return;
    hasFailed = true;
    isRecording = false;
    error = detail;
    void postState(base, { state: 'failed', detail: detail.slice(0, 300) });
    // Whatever was recorded up to here still goes up, so `stop` can assemble the part that exists.
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    report();
  };

  const uploader = new ChunkUploader({
    firstIndex: options.firstIndex,
    send: (index, blob) => putChunk(`${base}/chunks/${index}`, blob),
    onStateChange: (state) => {
      if (state.failed) fail(state.lastError ?? 'The recording could not be uploaded.');
      else report();
    },
  });

  const onTrackEnded = () => {
    if (!isStopping) fail('A recorded camera or microphone track ended.');
  };
  for (const track of stream.getTracks()) track.addEventListener('ended', onTrackEnded);

  try {
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    // Modest bitrates keep a 5-second part far below the server's limit and leave the notary's uplink to the call.
    const created = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: 1_500_000,
      audioBitsPerSecond: 64_000,
    });
    recorder = created;
    created.addEventListener('dataavailable', (event) => {
      for (const part of splitToLimit(event.data)) uploader.push(part);
    });
    created.addEventListener('start', () => {
      if (hasFailed) return;
      isRecording = true;
      void postState(base, { state: 'recording' });
      report();
    });
    created.addEventListener('error', (event) => {
      fail(`The recorder failed: ${errorText(event)}`);
    });
    // The final `dataavailable` comes before `stop`, so once this fires every part has been pushed.
    created.addEventListener('stop', () => {
      if (!isStopping) fail('The recorder stopped unexpectedly.');
      markStopped();
    });
    created.start(options.timesliceMs ?? 5000);
  } catch (cause) {
    markStopped();
    fail(`The recording could not start: ${errorText(cause)}`);
  }
  report();

  let stopping: Promise<Recording | null> | null = null;
  const finish = async (assemble: boolean): Promise<Recording | null> => {
    isStopping = true;
    for (const track of stream.getTracks()) track.removeEventListener('ended', onTrackEnded);
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    await recorderStopped;
    isRecording = false;
    report();
    try {
      await uploader.flush();
      if (!assemble) return null;
      const recording = uploader.count > 0 ? await finishRecording(base, uploader.count) : null;
      // After a failure the call keeps showing `failed`; the partial file is still assembled above. Not awaited:
      // the report only informs the call, and the seal that follows should not wait a round trip for it.
      if (!hasFailed) void postState(base, { state: 'stopped' });
      return recording;
    } finally {
      uploader.dispose();
    }
  };
  return {
    stop: () => {
      stopping ??= finish(true);
      return stopping;
    },
    detach: async () => {
      stopping ??= finish(false);
      await stopping;
    },
  };
}

/** The server joins parts byte for byte in index order, so an oversized slice can be cut anywhere. */
function splitToLimit(blob: Blob): Blob[] {
  if (blob.size <= RECORDING_CHUNK_MAX_BYTES) return [blob];
  const parts: Blob[] = [];
  for (let start = 0; start < blob.size; start += RECORDING_CHUNK_MAX_BYTES)
    parts.push(blob.slice(start, start + RECORDING_CHUNK_MAX_BYTES));
  return parts;
}

async function putChunk(url: string, blob: Blob): Promise<void> {
  await call(url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: blob });
}

async function finishRecording(base: string, chunkCount: number): Promise<Recording> {
  // A 409 `recordings.chunks_missing` throws here with the server's message; nothing is re-sent because the
  // uploader only reports done once every index up to chunkCount was accepted.
  const response = await call(`${base}/finish`, json({ chunkCount }));
  const payload: unknown = await response.json().catch(() => null);
  if (!isRecord(payload) || typeof payload._id !== 'string' || typeof payload.status !== 'string')
    throw new Error('The server did not confirm the recording.');
  return payload as Recording;
}

/** Best effort: the state only informs the call; a lost report must not break the recording. */
async function postState(base: string, body: { state: RecordingState; detail?: string }): Promise<void> {
  try {
    await call(`${base}/state`, json(body));
  } catch (cause) {
    reportError(`recording state '${body.state}' not reported`, cause);
  }
}

type Call = { method: 'PUT' | 'POST'; headers: Record<string, string>; body: BodyInit };

function json(body: unknown): Call {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** fetch with the session cookie; any failure becomes an ApiError whose `status` the uploader can read (0 = no answer). */
async function call(url: string, init: Call): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'include',
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError({ message: 'Network Error', status: 0, code: CLIENT_ERROR_CODES.network });
  }
  if (response.ok) return response;
  const payload: unknown = await response.json().catch(() => null);
  const body = isRecord(payload) ? payload : {};
  throw new ApiError({
    message: typeof body.message === 'string' ? body.message : response.statusText || 'Request failed',
    status: response.status,
    code: typeof body.code === 'string' ? body.code : CLIENT_ERROR_CODES.http,
    details: body.details,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorText(cause: unknown): string {
  const error = isRecord(cause) && 'error' in cause ? cause.error : cause;
  return error instanceof Error && error.message ? error.message : 'unknown error';
}
