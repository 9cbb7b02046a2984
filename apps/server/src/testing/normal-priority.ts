import type { ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * A server process a test starts runs at the normal CPU priority, not at the lower one `npm test` gives Vitest
 * (scripts/test.ts, decision 0078): it stands for a production process, and a start niced beside the browser tests
 * and other busy processes took over 180 s. Lowering a niceness takes root (as on CI); elsewhere it stays inherited.
 */
export function atNormalPriority(child: ChildProcess): ChildProcess {
  if (child.pid === undefined) return child;
  try {
    os.setPriority(child.pid, 0);
  } catch {
    // Not allowed for this user: the process keeps Vitest's priority.
  }
  return child;
}
