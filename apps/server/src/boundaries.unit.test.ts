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

  /** The fields of `export type Name = { … }` declared in one of a module's route files. */
  function namedTypeFields(moduleFolder: string, name: string): string {
    for (const file of sourceFiles(moduleFolder).filter((candidate) => candidate.endsWith('.routes.ts'))) {
      const found = readFileSync(file, 'utf8').match(new RegExp(`export type ${name} = \\{([\\s\\S]*?)\\};`));
      if (found) return found[1] ?? '';
    }
    throw new Error(`${name}: no such type in ${moduleFolder}'s route files`);
  }

  it('route plugins receive services, never the database', () => {
    const routes = sourceFiles(modulesDir).filter((file) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const inline = [
        ...source.matchAll(/export function \w+Routes\(deps: \{([\s\S]*?)\}\): FastifyPluginAsync/g),
      ].map((match) => match[1] ?? '');
      // A plugin may name its options' type instead (one type shared by a module's route files): read its fields.
      const named = [...source.matchAll(/export function \w+Routes\(deps: (\w+)\): FastifyPluginAsync/g)].map(
        (match) => namedTypeFields(path.dirname(file), match[1] ?? ''),
      );
      const options = [...inline, ...named];
      if (options.length === 0) return [`${path.relative(root, file)}: no routes plugin found`];
      const takesDb = options.some((fields) => /(^|[\s{;,])(db|database)\??:/.test(fields));
      const importsDb = /from '(\.\.\/)+db\/(client|schema)(\.ts)?'/.test(source);
      return takesDb || importsDb ? [path.relative(root, file)] : [];
    });
    expect(offenders).toEqual([]);
  });
});
