/// <reference types="node" />
import * as contracts from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { definingModules, rewriteContractsImport } from '../vite-plugins/contracts-imports.ts';

// The production build sends each contract import to the module that defines it (docs/decisions/0018).
describe('contract imports per defining module', () => {
  const modules = definingModules();

  it('knows the defining module of every value the contracts export, so no screen falls back to the index', () => {
    const unknown = Object.keys(contracts).filter((name) => !modules.has(name));
    expect(unknown).toEqual([]);
  });

  it('sends each name to its own module and keeps renamed imports', () => {
    const rewritten = rewriteContractsImport(' userResponse, errorResponse as failure ', modules);
    expect(rewritten).toMatch(/import \{ userResponse \} from ".*[\\/]auth\.ts";/);
    expect(rewritten).toMatch(/import \{ errorResponse as failure \} from ".*[\\/]errors\.ts";/);
  });

  it('leaves the import alone when a name is not a contract value', () => {
    expect(rewriteContractsImport('userResponse, notAContract', modules)).toBeNull();
  });
});
