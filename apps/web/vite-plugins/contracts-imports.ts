import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Imports from `@mohar/contracts` go straight to the module that defines each name (docs/decisions/0018).
 *
 * The package's index re-exports every contract module, and the bundler decides which file a module goes in by which
 * screens import it: through the index, every screen "imports" every contract, so all contracts (about 28 KB) shared
 * one file that /resources loaded for the blog's two schemas. Rewritten to the defining modules, a screen's file
 * carries the contracts it uses. Only the production build is rewritten; the source keeps the one import path.
 */
const CONTRACTS_SRC = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const EXPORTED = /^export (?:const|function|class|let) ([A-Za-z_$][\w$]*)/gm;
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mohar\/contracts['"];?/g;

/** Every value the contracts export, with the file that defines it. */
export function definingModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of readdirSync(CONTRACTS_SRC)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'index.ts') continue;
    const path = join(CONTRACTS_SRC, file);
    for (const match of readFileSync(path, 'utf8').matchAll(EXPORTED)) modules.set(match[1] as string, path);
  }
  return modules;
}

/** The import statement rewritten per defining module, or null when a name is not found (the index then stays). */
export function rewriteContractsImport(specifiers: string, modules: Map<string, string>): string | null {
  const byModule = new Map<string, string[]>();
  for (const raw of specifiers.split(',')) {
    const specifier = raw.trim();
    if (!specifier || specifier.startsWith('type ')) continue;
    const name = specifier.split(/\s+as\s+/)[0] as string;
    const path = modules.get(name);
    if (!path) return null;
    byModule.set(path, [...(byModule.get(path) ?? []), specifier]);
  }
  return [...byModule]
    .map(([path, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(path)};`)
    .join(' ');
}

export function contractsImportsPerModule(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: 'mohar:contracts-imports-per-module',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('@mohar/contracts')) return null;
      modules ??= definingModules();
      const known = modules;
      let changed = false;
      const rewritten = code.replace(IMPORT, (statement, specifiers: string) => {
        const replacement = rewriteContractsImport(specifiers, known);
        if (replacement === null) return statement;
        changed = true;
        // Same number of lines, so positions on later lines stay where they were.
        return replacement + '\n'.repeat(statement.split('\n').length - 1);
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
