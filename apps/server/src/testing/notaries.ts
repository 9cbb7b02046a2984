import sharp from 'sharp';
import { API } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** A small real PNG (decodes with sharp). */
export function pngBytes(options: { width?: number; height?: number } = {}) {
  return sharp({
    create: {
      width: options.width ?? 40,
      height: options.height ?? 30,
      channels: 4,
      background: { r: 20, g: 40, b: 140, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file field, as a browser sends it. */
/** A multipart body with one file (field `file`) and, before it, any plain `fields`. */
export function multipartFile(options: {
  bytes: Buffer;
  filename: string;
  contentType: string;
  fields?: Record<string, string>;
}) {
  const boundary = `----mohar${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename}"\r\nContent-Type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, options.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// The builders' details and counter: numbers made here and there never collide.
export {
  minimalPdf as pdfBytes,
  NOTARY_DETAILS as DETAILS,
  uniqueRegistrationNumber,
} from './builders/index.ts';

export async function upload(
  t: TestApp,
  cookie: string,
  kind: string,
  file: { bytes: Buffer; filename: string; contentType: string },
) {
  const body = multipartFile(file);
  return t.app.inject({
    method: 'PUT',
    url: `${API}/notary/profile/documents/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}
