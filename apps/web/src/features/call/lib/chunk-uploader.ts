/**
 * Sends recording parts to the server strictly in index order, one at a time, retrying a failed part until it
 * lands. The server assembles the file by index and refuses to finish with a gap, so a part is never skipped or
 * overtaken by a later one. No DOM here: it is driven by the recorder and tested on its own.
 */
export type UploaderState = {
  /** Parts pushed but not yet accepted by the server. */
  pending: number;
  uploaded: number;
  /** The current part's last attempt failed and it is being retried. */
  failing: boolean;
  lastError: string | null;
  /** Uploading stopped for good (the server holds other content under an index); nothing more is sent. */
  failed: boolean;
};

export type ChunkUploaderOptions = {
  send: (index: number, blob: Blob) => Promise<void>;
  onStateChange?: (state: UploaderState) => void;
  /** Waits between attempts of one part; the last one repeats for as long as the part keeps failing. */
  retryDelaysMs?: number[];
  sleep?: (ms: number) => Promise<void>;
  /**
   * The first index to use: a recorder restarted in the same session (the notary's page reloaded) continues after
   * the parts the server already holds, rather than colliding with them.
   */
  firstIndex?: number;
};

const isPermanent = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;

const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

type Waiter = { upTo: number; resolve: () => void; reject: (error: unknown) => void };

export class ChunkUploader {
  readonly #send: ChunkUploaderOptions['send'];
  readonly #onStateChange: ChunkUploaderOptions['onStateChange'];
  readonly #retryDelaysMs: number[];
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #queue: Array<{ index: number; blob: Blob }> = [];
  #waiters: Waiter[] = [];
  #count = 0;
  #uploaded = 0;
  #failing = false;
  #lastError: string | null = null;
  #failure: unknown = null;
  #isPumping = false;
  #isDisposed = false;

  constructor(options: ChunkUploaderOptions) {
    this.#send = options.send;
    this.#onStateChange = options.onStateChange;
    this.#retryDelaysMs = options.retryDelaysMs?.length ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#count = options.firstIndex ?? 0;
    this.#uploaded = this.#count;
  }

  /** Parts pushed so far: the `chunkCount` that finishing the recording must name. */
  get count(): number {
    return this.#count;
  }

  get state(): UploaderState {
    return {
      pending: this.#count - this.#uploaded,
      uploaded: this.#uploaded,
      failing: this.#failing,
      lastError: this.#lastError,
      failed: this.#failure !== null,
    };
  }

  /**
   * Queues the next part and returns its index. An empty part (MediaRecorder emits them) gets no index and -1:
   * the server refuses empty parts, so indexing one would leave a gap that blocks finishing.
   */
  push(blob: Blob): number {
    if (blob.size === 0) return -1;
    const index = this.#count++;
    this.#queue.push({ index, blob });
    this.#emit();
    if (!this.#isPumping && this.#failure === null && !this.#isDisposed) void this.#pump();
    return index;
  }

  /** Resolves once every part pushed so far is on the server; rejects if uploading failed for good. */
  flush(): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    if (this.#uploaded >= this.#count) return Promise.resolve();
    if (this.#isDisposed) return Promise.reject(new Error('The recording upload was stopped.'));
    return new Promise((resolve, reject) => {
      this.#waiters.push({ upTo: this.#count, resolve, reject });
    });
  }

  /** Stops sending and retrying; anything still waiting on `flush` is rejected. */
  dispose(): void {
    if (this.#isDisposed) return;
    this.#isDisposed = true;
    this.#rejectWaiters(new Error('The recording upload was stopped.'));
  }

  async #pump(): Promise<void> {
    this.#isPumping = true;
    try {
      while (!this.#isDisposed && this.#failure === null) {
        const next = this.#queue[0];
        if (!next) break;
        if (!(await this.#deliver(next))) break;
        this.#queue.shift();
        this.#uploaded++;
        this.#failing = false;
        this.#lastError = null;
        this.#emit();
        this.#resolveWaiters();
      }
    } catch (error) {
      // Only a broken `sleep` gets here; treat it like a refused part rather than leaving flush hanging.
      this.#fail(error);
    } finally {
      this.#isPumping = false;
    }
  }

  /** Sends one part until it is accepted (true), or uploading must stop (false). */
  async #deliver(chunk: { index: number; blob: Blob }): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#send(chunk.index, chunk.blob);
        return !this.#isDisposed;
      } catch (error) {
        if (this.#isDisposed) return false;
        // A refusal resending cannot fix: 409 (other bytes under this index), 404 (the session is over), 400/403.
        // Network errors, 5xx, 408 and 429 are worth another try.
        if (isPermanent(statusOf(error))) {
          this.#fail(error);
          return false;
        }
        this.#failing = true;
        this.#lastError = messageOf(error);
        this.#emit();
        const delays = this.#retryDelaysMs;
        await this.#sleep(delays[Math.min(attempt, delays.length - 1)] ?? 0);
        if (this.#isDisposed) return false;
      }
    }
  }

  #fail(error: unknown): void {
    this.#failure = error ?? new Error('The recording upload failed.');
    this.#failing = false;
    this.#lastError = messageOf(error);
    this.#emit();
    this.#rejectWaiters(this.#failure);
  }

  #resolveWaiters(): void {
    const ready = this.#waiters.filter((waiter) => waiter.upTo <= this.#uploaded);
    this.#waiters = this.#waiters.filter((waiter) => waiter.upTo > this.#uploaded);
    for (const waiter of ready) waiter.resolve();
  }

  #rejectWaiters(error: unknown): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }

  #emit(): void {
    this.#onStateChange?.(this.state);
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Upload failed';
}
