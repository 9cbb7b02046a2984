import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import forge from 'node-forge';
import sharp from 'sharp';

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A portrait placeholder: the notary's initials on a calm colour (demo installs only). */
export function demoPhoto(name: string, hue: number): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="hsl(${hue},45%,42%)"/><text x="160" y="190" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="120" font-weight="700" fill="#fff" text-anchor="middle">${esc(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A handwritten-looking signature specimen on a transparent background, sized to the name: the text is drawn on a
 * canvas wide enough for any name, then trimmed to its ink, so a long name is never cut off.
 */
export async function demoSignature(name: string): Promise<Buffer> {
  const roomy = 80 + name.length * 60;
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${roomy}" height="180"><text x="20" y="120" font-family="DejaVu Serif, serif" font-style="italic" font-size="72" fill="#1b1e3c">${esc(name)}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(text)).trim().png().toBuffer({ resolveWithObject: true });
  const width = info.width + 40;
  const height = info.height + 60;
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 ${height - 22} C ${width * 0.33} ${height - 4}, ${width * 0.63} ${height - 40}, ${width - 10} ${height - 14}" stroke="#1b1e3c" stroke-width="3" fill="none"/></svg>`;
  return sharp(Buffer.from(stroke))
    .composite([{ input: data, left: 20, top: 16 }])
    .png()
    .toBuffer();
}

/** A one-page stand-in for a certificate of practice, clearly marked as demo data. */
export async function demoCertificateOfPractice(options: {
  name: string;
  registrationNumber: string;
  government: string;
  area: string;
  expires: string;
}) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines: Array<[string, number, boolean]> = [
    ['DEMO DATA - NOT A REAL CERTIFICATE', 14, true],
    ['Certificate of Practice (Notaries Act, 1952)', 18, true],
    [`Name: ${options.name}`, 12, false],
    [`Registration No.: ${options.registrationNumber}`, 12, false],
    [`Appointed by: ${options.government}`, 12, false],
    [`Area of practice: ${options.area}`, 12, false],
    [`Valid until: ${options.expires.split('-').reverse().join('/')}`, 12, false],
  ];
  let y = 760;
  for (const [text, size, isBold] of lines) {
    page.drawText(text, {
      x: 60,
      y,
      size,
      font: isBold ? bold : font,
      color: isBold ? rgb(0.6, 0.1, 0.1) : rgb(0.1, 0.1, 0.2),
    });
    y -= size * 2.2;
  }
  return Buffer.from(await pdf.save());
}

/** A self-signed RSA-2048 signing certificate as PKCS#12, standing in for one from a licensed CA (demo only). */
export function demoOwnP12(options: { name: string; passphrase: string }): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `4${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Math.floor((Date.now() - 86_400_000) / 1000) * 1000);
  certificate.validity.notAfter = new Date(Math.floor((Date.now() + 2 * 365 * 86_400_000) / 1000) * 1000);
  const subject = [
    { name: 'commonName', value: options.name },
    { name: 'organizationName', value: 'Demo e-Sign CA (not real)' },
    { name: 'countryName', value: 'IN' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], options.passphrase, { algorithm: 'aes256' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
