import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const modulesDir = path.join(root, 'apps/server/src/modules');
const LINT_TIMEOUT_MS = 120_000;

/** `biome lint` from the repository root, as CI runs it: its exit code and what it printed. */
async function lint(target: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(root, 'node_modules/.bin/biome'), 'lint', '--colors=off', target],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    return { passed: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { passed: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Writes a throwaway file into a module, lints it, and removes it whatever happens. */
async function lintPlanted(options: { module: string; suffix: string; source: string }) {
  const file = path.join(modulesDir, options.module, `boundary-probe-${randomUUID()}${options.suffix}`);
  writeFileSync(file, options.source);
  try {
    return { ...(await lint(path.relative(root, file))), file: path.basename(file) };
  } finally {
    rmSync(file, { force: true });
  }
}

const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0];

describe('module boundaries (ARCHITECTURE.md, Server)', () => {
  it(
    "the linter refuses a module importing another module's repository",
    async () => {
      const result = await lintPlanted({
        module: 'payments',
        suffix: '.ts',
        source: [
          "import { findById } from '../applications/applications.repository.ts';",
          'export const probe = findById;',
          '',
        ].join('\n'),
      });
      expect(result.passed).toBe(false);
      expect(result.output).toContain(result.file);
      expect(result.output).toContain('lint/style/noRestrictedImports');
      expect(result.output).toContain("a module's tables belong to its repository");
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'the linter refuses a service querying the schema itself',
    async () => {
      const result = await lintPlanted({
        module: 'sessions',
        suffix: '.service.ts',
        source: [
          "import { sessionEvents } from '../../db/schema.ts';",
          'export const probe = sessionEvents;',
          '',
        ].join('\n'),
      });
      expect(result.passed).toBe(false);
      expect(result.output).toContain(result.file);
      expect(result.output).toContain("SQL lives in the module's repository");
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'the server as it stands passes the linter',
    async () => {
      const result = await lint('apps/server/src');
      expect(result.output).not.toContain('noRestrictedImports');
      expect(result.passed).toBe(true);
    },
    LINT_TIMEOUT_MS,
  );

  it("no module imports another module's repository", () => {
    const crossings = sourceFiles(modulesDir).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const specifiers = [...source.matchAll(/(?:from|import\()\s*'([^']+\.repository(?:\.ts)?)'/g)];
      return specifiers
        .map((match) => path.resolve(path.dirname(file), match[1] ?? ''))
        .filter((target) => moduleOf(target) !== moduleOf(file))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('route plugins receive services, never the database', () => {
    const routes = sourceFiles(modulesDir).filter((file) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const options = [
        ...source.matchAll(/export function \w+Routes\(deps: \{([\s\S]*?)\}\): FastifyPluginAsync/g),
      ];
      if (options.length === 0) return [`${path.relative(root, file)}: no routes plugin found`];
      const takesDb = options.some((match) => /(^|[\s{;,])(db|database)\??:/.test(match[1] ?? ''));
      const importsDb = /from '(\.\.\/)+db\/(client|schema)(\.ts)?'/.test(source);
      return takesDb || importsDb ? [path.relative(root, file)] : [];
    });
    expect(offenders).toEqual([]);
  });
});
