/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = `${ROOT}node_modules/.bin/biome`;
const RULE_MESSAGE = 'a feature may import another feature only through its api/ folder';

/** The repository's own Biome, run from the root so it reads biome.json. */
function lint(path: string): { code: number | null; output: string } {
  const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', path], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Lints a file planted in a feature's components (the name is unique; the file is always removed). Named as a test
 * file, which the web build's freshness hash leaves out (scripts/web-build.ts): the build tests running beside this
 * one must not see the build as stale while the probe exists.
 */
function lintPlanted(source: string): { code: number | null; output: string } {
  const path = `apps/web/src/features/applications/components/boundary-probe-${randomUUID()}.test.ts`;
  writeFileSync(`${ROOT}${path}`, source);
  try {
    return lint(path);
  } finally {
    rmSync(`${ROOT}${path}`, { force: true });
  }
}

describe('features share only through api/ (Biome enforces it)', () => {
  it('refuses a feature reaching into another feature’s components, by alias or by relative path', () => {
    const result = lintPlanted(
      [
        "import { RegisterForm } from '@/features/auth/components/register-form';",
        "import { passwordHint } from '../../auth/lib/password-hint';",
        'export const probe = [RegisterForm, passwordHint];',
        '',
      ].join('\n'),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(RULE_MESSAGE);
    expect(result.output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(2);
  }, 30_000);

  it('allows another feature’s api/, and the feature’s own files', () => {
    const result = lintPlanted(
      [
        "import { useDirectory } from '@/features/notary-directory/api/get-directory';",
        "import { useLogin } from '../../auth/api/login';",
        "import { useCancelApplication } from '../api/cancel-application';",
        'export const probe = [useDirectory, useLogin, useCancelApplication];',
        '',
      ].join('\n'),
    );
    expect(result.output).not.toContain(RULE_MESSAGE);
    expect(result.code).toBe(0);
  }, 30_000);

  it('holds for the whole web app as it is', () => {
    const result = lint('apps/web/src');
    expect(result.output).not.toContain(RULE_MESSAGE);
    expect(result.code).toBe(0);
  }, 60_000);
});
