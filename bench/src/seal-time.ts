// Seal time (issue 10): the server's seal path, in process, on 1-, 20- and 100-page A4 PDFs. Budget: 20 pages < 1 s.
// Load → two signature stamps (default placements) → notarial certificate → certificate of notarisation (2 parties,
// 20 timeline events) → save without object streams → PAdES B-B signature (RSA-2048 notary certificate issued by the
// platform CA, no timestamp authority: a TSA round trip is network time, not ours).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PageSizes, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { loadOrCreatePlatformCa } from '../../apps/server/src/modules/notaries/platform-ca.ts';
import { renderSealPng } from '../../apps/server/src/modules/notaries/seal.ts';
import { openP12 } from '../../apps/server/src/modules/notaries/signing-certificate.ts';
import {
  appendCertificateOfNotarisation,
  type CertificatePageData,
} from '../../apps/server/src/modules/sealing/certificate-page.ts';
import {
  addNotarialCertificate,
  type NotarialCertificateData,
} from '../../apps/server/src/modules/sealing/notarial-certificate.ts';
import { type PdfSigner, signPdf } from '../../apps/server/src/modules/sealing/pades.ts';
import {
  defaultPlacements,
  signatureCaption,
  stampSignature,
} from '../../apps/server/src/modules/sealing/stamp-signatures.ts';

export const SEAL_BUDGET_MS = { pages: 20, ms: 1000 } as const;
const SIZES = [1, 20, 100] as const;
const RUNS = 5;

export type SealTiming = {
  pages: number;
  /** Pages of the sealed output (the input's, plus any annexed and certificate pages). */
  outputPages: number;
  inputBytes: number;
  outputBytes: number;
  /** Whole path, one figure per run, in milliseconds. */
  samples: number[];
  median: number;
  min: number;
  max: number;
  /** Medians of the parts: load + stamps + both certificates; save; signPdf. */
  parts: { drawMs: number; saveMs: number; signMs: number };
  /** Set for the size the budget is about. */
  budgetMs?: number;
};

const PARAGRAPHS = [
  'I, Asha Verma, daughter of Ramesh Verma, aged 34 years, residing at Flat 4B, Shanti Apartments, Lajpat Nagar, New Delhi 110024, do hereby solemnly affirm and declare as under.',
  'That I am a citizen of India and have been residing at the above address continuously since the first day of April 2019, and that the said premises are occupied by me and my family as our ordinary place of residence.',
  'That the electricity, water and telephone connections at the said premises stand in my name, and that the bills for the last twelve months have been paid by me and are annexed to this affidavit as Annexure A.',
  'That I have not been declared an insolvent by any court, and that no proceedings touching the said premises are pending before any court, tribunal or authority to the best of my knowledge and belief.',
  'That this affidavit is made to be produced before the concerned authorities for the purpose of proof of residence, and for no other purpose whatsoever.',
  'That the contents of paragraphs above are true and correct to the best of my knowledge and belief, that no part of it is false, and that nothing material has been concealed therefrom.',
];

/** An affidavit of `pages` A4 pages, Helvetica 11 pt; the last page is about a third full, as a document ends. */
export async function makeAffidavit(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = PageSizes.A4;
  const margin = 64;
  const size = 11;
  const lineHeight = 15;
  const wrap = (text: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width - 2 * margin) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  let paragraph = 0;
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([width, height]);
    let y = height - margin;
    if (p === 1) {
      page.drawText('AFFIDAVIT OF RESIDENCE', { x: margin, y, size: 14, font: bold });
      y -= 2 * lineHeight;
    }
    const floor = p === pages ? height * 0.62 : margin + 20;
    while (y > floor) {
      const lines = wrap(`${paragraph + 1}. ${PARAGRAPHS[paragraph % PARAGRAPHS.length]}`);
      if (y - lines.length * lineHeight < floor) break;
      for (const text of lines) {
        page.drawText(text, { x: margin, y, size, font });
        y -= lineHeight;
      }
      y -= lineHeight / 2;
      paragraph++;
    }
    page.drawText(`Page ${p} of ${pages}`, { x: width / 2 - 24, y: 30, size: 9, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** A hand-written-looking signature: a stroke on a transparent background, as the signing step stores. */
async function signaturePng(colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 90 10, 110 70 S 170 110, 200 40 S 260 20, 290 80 S 350 60, 390 30" fill="none" stroke="${colour}" stroke-width="6"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const TIMELINE_TEXTS = [
  'Application submitted by Asha Verma',
  'Asha Verma verified her identity with the Aadhaar Secure QR',
  'Rahul Verma’s Aadhaar card was checked by the notary on video',
  'Fee of ₹1,180.00 paid (receipt MOH/2026-27/000123)',
  'Notary Meera Iyer accepted the application',
  'Start Notarization pressed by Asha Verma',
  'The notary Meera Iyer joined the video session',
  'The notary matched each face against the identity documents',
  'Asha Verma signed the document',
  'Rahul Verma signed as witness',
];

function certificateData(pages: number): CertificatePageData {
  return {
    applicationId: '0b7e4c1a-3a52-4d9b-9d0e-2f4b1f6a9c11',
    document: {
      title: 'Affidavit of residence — flat 4B',
      type: 'affidavit',
      act: 'affidavit_oath',
      pageCount: pages,
      language: 'English',
    },
    parties: [
      {
        name: 'आशा वर्मा (Asha Verma)',
        role: 'executant',
        identityMethod: 'aadhaar_secure_qr',
        aadhaarMasked: 'XXXX XXXX 1234',
      },
      {
        name: 'Rahul Verma',
        role: 'witness',
        identityMethod: 'aadhaar_checked_by_notary',
        aadhaarMasked: 'XXXX XXXX 9876',
      },
    ],
    notary: {
      name: 'Meera Iyer',
      registrationNumber: 'DL/2019/04512',
      areaOfPractice: 'Delhi',
      appointingGovernment: 'Government of NCT of Delhi',
      commissionExpiresOn: '2029-03-31',
    },
    notarisedAt: new Date('2026-11-23T08:45:30Z'),
    registerSerial: 123,
    digitalSignature: {
      signerName: 'Meera Iyer',
      issuer: 'Mohar Platform CA (not a licensed CA under the IT Act)',
      isPlatformIssued: true,
    },
    timeline: Array.from({ length: 20 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 23, 8, 20, 0) + i * 61_000),
      text: TIMELINE_TEXTS[i % TIMELINE_TEXTS.length]!,
      ip: i % 2 === 0 ? '103.21.244.17' : '2401:4900:1c2a:8f00:4d3e:9b1a:22c4:7e01',
    })),
    hashes: {
      originalSha256: 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
      beforeSealingSha256: '0f9e8d7c6b5a49382716051423324150f9e8d7c6b5a4938271605142332415ab',
      recordingSha256: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
    },
    verification: { code: 'K7Q2-9XMA-D3', publicUrl: 'https://mohar.example.in' },
  };
}

type Material = {
  signer: PdfSigner;
  clientSignature: Uint8Array;
  witnessSignature: Uint8Array;
  notarial: NotarialCertificateData;
};

async function sealOnce(input: Uint8Array, pages: number, material: Material) {
  const started = performance.now();
  const pdf = await PDFDocument.load(input);
  const signedAt = new Date('2026-11-23T08:35:09Z');
  for (const [index, party] of [
    { name: 'आशा वर्मा', png: material.clientSignature },
    { name: 'Rahul Verma', png: material.witnessSignature },
  ].entries()) {
    await stampSignature(pdf, {
      png: party.png,
      placements: await defaultPlacements(pdf, 2, index),
      caption: signatureCaption({ name: party.name, signedAt }),
    });
  }
  await addNotarialCertificate(pdf, material.notarial);
  await appendCertificateOfNotarisation(pdf, certificateData(pages));
  const drawn = performance.now();
  const unsigned = await pdf.save({ useObjectStreams: false });
  const saved = performance.now();
  const sealed = await signPdf({
    pdf: unsigned,
    signer: material.signer,
    name: 'Meera Iyer',
    reason: 'Notarised on Mohar (K7Q2-9XMA-D3)',
    location: 'Delhi',
    signingTime: new Date('2026-11-23T08:45:30Z'),
  });
  const finished = performance.now();
  return {
    totalMs: finished - started,
    drawMs: drawn - started,
    saveMs: saved - drawn,
    signMs: finished - saved,
    outputBytes: sealed.length,
    outputPages: pdf.getPageCount(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Medians of 5 runs per size, each size warmed up once first (font files, JIT). */
export async function measureSealTime(): Promise<SealTiming[]> {
  // The notary's certificate as the platform issues it (RSA-2048 under the platform CA), made in a throwaway data dir.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-seal-'));
  let signer: PdfSigner;
  try {
    const ca = await loadOrCreatePlatformCa({ dataDir, encryptionKey: randomBytes(32) });
    const issued = await ca.issue({
      name: 'Meera Iyer',
      registrationNumber: 'DL/2019/04512',
      email: 'meera.iyer@example.in',
    });
    const notary = openP12({ p12: issued.p12, passphrase: issued.passphrase });
    signer = {
      certificatePem: notary.certificate.toString(),
      privateKey: notary.privateKey,
      chainPems: [ca.certificatePem],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  // The seal as the notary profile stores it (renderSealPng's default 300 dpi).
  const { png: seal } = await renderSealPng({
    name: 'Meera Iyer',
    areaOfPractice: 'Delhi',
    registrationNumber: 'DL/2019/04512',
    appointingGovernment: 'Government of NCT of Delhi',
    commissionExpiresOn: '2029-03-31',
  });
  const material: Material = {
    signer,
    clientSignature: await signaturePng('#1a237e'),
    witnessSignature: await signaturePng('#0d47a1'),
    notarial: {
      act: 'affidavit_oath',
      executants: ['आशा वर्मा (Asha Verma)'],
      notary: { name: 'Meera Iyer', registrationNumber: 'DL/2019/04512', areaOfPractice: 'Delhi' },
      place: 'New Delhi',
      actAt: new Date('2026-11-23T08:45:30Z'),
      fee: { chargedPaise: 118_000, receiptSerial: 'MOH/2026-27/000123' },
      registerSerial: 123,
      sealImage: new Uint8Array(seal),
      signatureImage: await signaturePng('#111111'),
      documentTitle: 'Affidavit of residence — flat 4B',
    },
  };

  const results: SealTiming[] = [];
  for (const pages of SIZES) {
    const input = await makeAffidavit(pages);
    await sealOnce(input, pages, material);
    const runs: Awaited<ReturnType<typeof sealOnce>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await sealOnce(input, pages, material));
    const samples = runs.map((r) => Math.round(r.totalMs));
    results.push({
      pages,
      outputPages: runs[0]!.outputPages,
      inputBytes: input.length,
      outputBytes: runs[0]!.outputBytes,
      samples,
      median: median(runs.map((r) => r.totalMs)),
      min: Math.min(...samples),
      max: Math.max(...samples),
      parts: {
        drawMs: median(runs.map((r) => r.drawMs)),
        saveMs: median(runs.map((r) => r.saveMs)),
        signMs: median(runs.map((r) => r.signMs)),
      },
      ...(pages === SEAL_BUDGET_MS.pages ? { budgetMs: SEAL_BUDGET_MS.ms } : {}),
    });
  }
  return results;
}

/** `  seal 20 pages: median 412 ms (min …, max …), 186 KB → budget 1000 ms OK` */
export function formatSealTiming(t: SealTiming): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const budget =
    t.budgetMs === undefined
      ? ''
      : ` → budget ${t.budgetMs} ms ${t.median < t.budgetMs ? 'OK' : 'OVER BUDGET'}`;
  return `  seal ${String(t.pages).padStart(3)} page${t.pages === 1 ? ' ' : 's'}: median ${t.median.toFixed(0)} ms (min ${t.min} ms, max ${t.max} ms), ${kb(t.inputBytes)} → ${kb(t.outputBytes)}, ${t.outputPages} pages${budget}\n      draw ${t.parts.drawMs.toFixed(0)} ms, save ${t.parts.saveMs.toFixed(0)} ms, sign ${t.parts.signMs.toFixed(0)} ms`;
}
