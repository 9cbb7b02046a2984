/** What a save reports: done, or refused for reasons the form now shows on its fields (retrying will not help). */
export type SaveOutcome = 'saved' | 'invalid';
/** `keepalive`: the page is going away; the request must outlive it. */
export type SaveTask = (options: { keepalive: boolean }) => Promise<SaveOutcome>;
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'error';

type Next = { kind: 'task'; task: SaveTask } | { kind: 'invalid' } | null;
type Channel = {
  state: SaveState;
  timer: ReturnType<typeof setTimeout> | null;
  next: Next;
  isRunning: boolean;
  failed: SaveTask | null;
};

// The indicator shows what needs the person first, then work in progress.
const PRIORITY: readonly SaveState[] = ['error', 'invalid', 'saving', 'pending', 'saved', 'idle'];

export type DraftSaver = ReturnType<typeof createDraftSaver>;

/**
 * Autosave for a draft: each part of the form (a channel: details, notary, signatories) schedules its latest save;
 * it runs `delayMs` after the last change, or at once on `flush()`. Saves run one at a time, so the server's answers
 * arrive in the order the changes were made and the last answer is the newest state.
 */
export function createDraftSaver(options: { delayMs: number }) {
  const channels = new Map<string, Channel>();
  const listeners = new Set<() => void>();
  let queue: Promise<void> = Promise.resolve();

  const channelOf = (name: string): Channel => {
    let channel = channels.get(name);
    if (!channel) {
      channel = { state: 'idle', timer: null, next: null, isRunning: false, failed: null };
      channels.set(name, channel);
    }
    return channel;
  };
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const setState = (channel: Channel, state: SaveState) => {
    if (channel.state === state) return;
    channel.state = state;
    emit();
  };
  const stopTimer = (channel: Channel) => {
    if (channel.timer) clearTimeout(channel.timer);
    channel.timer = null;
  };
  /** After a save ends: a newer change still waiting decides the state. */
  const settledState = (channel: Channel, outcome: SaveState): SaveState =>
    channel.next?.kind === 'task' ? 'pending' : channel.next?.kind === 'invalid' ? 'invalid' : outcome;

  function run(name: string, keepalive: boolean): Promise<void> {
    const channel = channelOf(name);
    stopTimer(channel);
    const next = channel.next;
    if (next?.kind !== 'task') return queue;
    channel.next = null;
    const job = queue.then(async () => {
      channel.isRunning = true;
      setState(channel, 'saving');
      try {
        const outcome = await next.task({ keepalive });
        channel.failed = null;
        channel.isRunning = false;
        setState(channel, settledState(channel, outcome));
      } catch {
        channel.failed = next.task;
        channel.isRunning = false;
        setState(channel, settledState(channel, 'error'));
      }
    });
    queue = job;
    return job;
  }

  const aggregate = (): SaveState => {
    let best: SaveState = 'idle';
    for (const channel of channels.values())
      if (PRIORITY.indexOf(channel.state) < PRIORITY.indexOf(best)) best = channel.state;
    return best;
  };

  return {
    /** The latest save of a channel, replacing any that has not started yet. */
    schedule(name: string, task: SaveTask) {
      const channel = channelOf(name);
      stopTimer(channel);
      channel.next = { kind: 'task', task };
      channel.timer = setTimeout(() => void run(name, false), options.delayMs);
      if (!channel.isRunning) setState(channel, 'pending');
    },
    /** The channel's current values cannot be saved (the form shows why); nothing waits to be sent. */
    markInvalid(name: string) {
      const channel = channelOf(name);
      stopTimer(channel);
      channel.next = { kind: 'invalid' };
      if (!channel.isRunning) setState(channel, 'invalid');
    },
    /** Sends every waiting save now; resolves true when nothing is left unsaved. */
    async flush(flushOptions: { keepalive?: boolean } = {}): Promise<boolean> {
      for (const name of channels.keys()) void run(name, flushOptions.keepalive ?? false);
      await queue;
      const state = aggregate();
      return state !== 'error' && state !== 'invalid';
    },
    /** Tries the failed saves again. */
    async retry(): Promise<boolean> {
      for (const [name, channel] of channels) {
        if (channel.state !== 'error' || !channel.failed || channel.next) continue;
        channel.next = { kind: 'task', task: channel.failed };
        void run(name, false);
      }
      await queue;
      const state = aggregate();
      return state !== 'error' && state !== 'invalid';
    },
    /** Drops everything not yet sent (the draft was deleted). */
    discard() {
      for (const channel of channels.values()) {
        stopTimer(channel);
        channel.next = null;
        channel.failed = null;
        channel.state = 'idle';
      }
      emit();
    },
    getState: aggregate,
    getChannelState: (name: string): SaveState => channels.get(name)?.state ?? 'idle',
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
