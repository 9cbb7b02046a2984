import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../testing/loaded-at-start.ts', import.meta.url));

describe('libraries only some requests need are not loaded at start', () => {
  it('the app code loads sharp, zxing, zxcvbn, qrcode, pdf-lib, pkijs, node-forge, the AWS SDK (BLOB_STORE=s3), pg-boss (JOB_QUEUE=pg-boss) and werift (a recorded call) only when first used', () => {
    // A process of its own: this test runner's worker may have loaded any of them for other tests.
    const output = execFileSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    const loaded = JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as string[];
    // pdf-lib and the certificate libraries load with the first upload check, signature, seal or certificate
    // (decision 0079): a server at rest holds none of them (issue 20's memory goal). fastify is the control.
    expect(loaded).toEqual(['fastify']);
  });
});
