// How `npm start` runs the server process; the bench starts its servers the same way (decision 0019).

/**
 * Node flags: a 4 MB young generation, so the burst of garbage at start (loading and stripping the sources) does not leave
 * ~120 MB of heap resident for good. V8 sizes its heap before any code runs, so this cannot be set from inside.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * glibc's allocator raises its mmap threshold each time a large block is freed (up to 32 MB), after which large
 * buffers (Node's ArrayBuffers, sharp's images, the start-up migrations and seed) come from the main heap, which
 * fragments and is never given back: ~110–130 MB of it stayed resident at idle. A fixed 128 KB threshold keeps
 * large blocks in their own mappings, returned on free, and trims the heap's free top. Read once when the process
 * starts (hence an environment variable of the child); other C libraries ignore it. Someone who sets
 * GLIBC_TUNABLES themselves keeps theirs.
 */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.GLIBC_TUNABLES !== undefined) return env;
  return { ...env, GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072' };
}
