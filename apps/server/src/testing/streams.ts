import type { Readable } from 'node:stream';

/** Reads a stream to its end, keeping what arrived before any error (a refusal mid-file is a test's subject). */
export async function drain(stream: Readable) {
  const received: Buffer[] = [];
  try {
    for await (const chunk of stream) received.push(Buffer.from(chunk as Uint8Array));
    return { bytes: Buffer.concat(received), error: null };
  } catch (error) {
    return { bytes: Buffer.concat(received), error };
  }
}
