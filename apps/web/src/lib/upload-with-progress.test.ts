import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from './api-errors';
import { uploadFraction, uploadResultOf } from './upload-with-progress';

const schema = z.object({ ok: z.boolean() });

describe('reading a finished upload', () => {
  it('returns the parsed body on success', () => {
    expect(uploadResultOf({ status: 200, statusText: 'OK', responseText: '{"ok":true}', schema })).toEqual({
      ok: true,
    });
  });

  it('throws the server’s message, code and details on failure', () => {
    const responseText = JSON.stringify({
      message: 'This file is not a PDF. Export it as PDF and try again.',
      code: 'applications.document_invalid',
      details: [{ path: 'file', message: 'Not a PDF' }],
    });
    let thrown: unknown;
    try {
      uploadResultOf({ status: 400, statusText: 'Bad Request', responseText, schema });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      message: 'This file is not a PDF. Export it as PDF and try again.',
      code: 'applications.document_invalid',
      status: 400,
      details: [{ path: 'file', message: 'Not a PDF' }],
    });
  });

  it('falls back to the status text when the body is not the API’s', () => {
    expect(() =>
      uploadResultOf({ status: 413, statusText: 'Payload Too Large', responseText: '<html>', schema }),
    ).toThrow(expect.objectContaining({ message: 'Payload Too Large', code: 'http.error', status: 413 }));
  });

  it('refuses a success body that is not the contract', () => {
    expect(() => uploadResultOf({ status: 200, statusText: 'OK', responseText: '{}', schema })).toThrow();
  });
});

describe('upload progress', () => {
  it('is the share of bytes sent, kept within 0–1', () => {
    expect(uploadFraction(50, 200)).toBe(0.25);
    expect(uploadFraction(300, 200)).toBe(1);
    expect(uploadFraction(10, 0)).toBe(0);
  });
});
