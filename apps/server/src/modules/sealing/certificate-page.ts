/**
 * "Certificate of notarisation": A4 pages appended to the sealed document recording how the act was performed —
 * the document, the parties and how each was identified, the notary, the session timeline with IP addresses, the
 * fingerprints of the document and the recording, and a QR code to the public verification page.
 *
 * A file cannot contain its own hash, so the sealed file's SHA-256 is not printed: the page gives the fingerprints of
 * the original upload and of the document just before sealing, and the verification code identifies the sealed file
 * (the verification page shows its hash and checks the digital signature).
 *
 * Aadhaar: only the masked form "XXXX XXXX 1234" is accepted, and any text that looks like a full 12-digit number is
 * refused (domain.md: never display a full Aadhaar number).
 */

import {
  fill,
  type PDFDocument,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingColor,
} from '@cantoo/pdf-lib';
import type { DocumentType, NotarialAct, SignatoryRole } from '@mohar/contracts';
import type { QRCode } from 'qrcode';
import { ACT_TEMPLATES } from './act-templates.ts';
import {
  COLOURS,
  drawTextLine,
  drawWrapped,
  embedFonts,
  type MoharFonts,
  measureWrapped,
  widthOfText,
} from './fonts.ts';
import { formatIstTimestamp } from './format.ts';
import { SEALING_RENDER_ERROR_CODES, SealingRenderError } from './render-errors.ts';

export type IdentityMethod = 'aadhaar_secure_qr' | 'aadhaar_checked_by_notary' | 'other_id_checked_by_notary';

export const IDENTITY_METHOD_LABELS: Readonly<Record<IdentityMethod, string>> = {
  aadhaar_secure_qr: 'Aadhaar Secure QR (verified)',
  aadhaar_checked_by_notary: 'Aadhaar card checked by the notary',
  other_id_checked_by_notary: 'Government ID checked by the notary',
};

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  affidavit: 'Affidavit',
  agreement: 'Agreement',
  declaration: 'Declaration',
  undertaking: 'Undertaking',
  rental_agreement: 'Rental agreement',
  power_of_attorney: 'Power of attorney',
  will: 'Will',
  trust_deed: 'Trust deed',
  sale_deed: 'Sale deed',
  negotiable_instrument: 'Negotiable instrument',
  other: 'Other',
};

export type CertificateParty = {
  name: string;
  role: SignatoryRole;
  identityMethod: IdentityMethod;
  /** Added after the method, e.g. "PAN card" for another government ID, or "face matched on video". */
  identityDetail?: string | null;
  /** Exactly "XXXX XXXX 1234", or null when no Aadhaar was used. */
  aadhaarMasked?: string | null;
};

export type TimelineEvent = { at: Date; text: string; ip?: string | null };

export type CertificatePageData = {
  applicationId: string;
  /**
   * The client's language (issue 23). In Hindi the headings are Hindi with the English beside them: the page is read
   * by the parties and by whoever the document is shown to, and the English wording is the one that governs.
   */
  headingLanguage?: 'en' | 'hi';
  document: {
    title: string;
    type: DocumentType;
    act: NotarialAct;
    pageCount?: number | null;
    language?: string | null;
  };
  parties: CertificateParty[];
  notary: {
    name: string;
    registrationNumber: string;
    /** The commission area (area of practice). */
    areaOfPractice: string;
    appointingGovernment?: string | null;
    /** YYYY-MM-DD */
    commissionExpiresOn?: string | null;
  };
  notarisedAt: Date;
  registerSerial?: number | null;
  /** The PAdES signature's certificate, as the notary's signing certificate names it. */
  digitalSignature?: { signerName: string; issuer: string; isPlatformIssued: boolean } | null;
  timeline: TimelineEvent[];
  /** Lower- or upper-case hex SHA-256 digests. */
  hashes: { originalSha256: string; beforeSealingSha256: string; recordingSha256?: string | null };
  /** The QR code and printed link go to `{publicUrl}/verify/{code}`. */
  verification: { code: string; publicUrl: string };
};

export type CertificatePageResult = { firstPageIndex: number; pageCount: number; verifyUrl: string };

// ---------------------------------------------------------------------------------------------------------------
// Checks

const MASKED_AADHAAR = /^XXXX XXXX \d{4}$/;
const FULL_AADHAAR_LIKE = /(?<!\d)\d{4}[\s-]?\d{4}[\s-]?\d{4}(?!\d)/;
const SHA256 = /^[0-9a-f]{64}$/i;

function invalid(problems: string[]): SealingRenderError {
  return new SealingRenderError({
    code: SEALING_RENDER_ERROR_CODES.dataInvalid,
    message: `Cannot draw the certificate of notarisation: ${problems.join('; ')}.`,
    details: { problems },
  });
}

function check(data: CertificatePageData) {
  const problems: string[] = [];
  data.parties.forEach((party, i) => {
    if (party.aadhaarMasked && !MASKED_AADHAAR.test(party.aadhaarMasked)) {
      problems.push(`party ${i + 1}: the Aadhaar number must be masked as XXXX XXXX 1234`);
    }
  });
  const texts = [
    ...data.parties.flatMap((p) => [p.name, p.identityDetail ?? '']),
    ...data.timeline.map((e) => e.text),
    data.document.title,
  ];
  // Never echo the offending text: it may be the very number that must not be shown.
  if (texts.some((t) => FULL_AADHAAR_LIKE.test(t)))
    problems.push('a text contains what looks like a full Aadhaar number');
  const hashes: Array<[string, string | null | undefined]> = [
    ['originalSha256', data.hashes.originalSha256],
    ['beforeSealingSha256', data.hashes.beforeSealingSha256],
    ['recordingSha256', data.hashes.recordingSha256],
  ];
  for (const [name, value] of hashes) {
    if (value != null && !SHA256.test(value)) problems.push(`${name} is not a SHA-256 hex digest`);
  }
  if (!data.verification.code.trim()) problems.push('the verification code is missing');
  if (!/^https?:\/\//.test(data.verification.publicUrl))
    problems.push('the public URL must start with http(s)://');
  if (data.timeline.some((e) => Number.isNaN(e.at.getTime())))
    problems.push('a timeline event has an invalid time');
  if (problems.length > 0) throw invalid(problems);
}

export function verificationUrl(verification: { code: string; publicUrl: string }): string {
  return `${verification.publicUrl.replace(/\/+$/, '')}/verify/${encodeURIComponent(verification.code.trim())}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Layout

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 48;
const MARGIN_TOP = 44;
/** Content stops here; the footer sits below. */
const CONTENT_BOTTOM = 62;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN_X;
const QR_SIZE = 92;

const TEXT = { size: 10, lineHeight: 13.5 };
const LABEL = { size: 9, lineHeight: 13.5 };
const SMALL = { size: 8.5, lineHeight: 11 };
const CELL = { size: 9.5, lineHeight: 12, padY: 4, padX: 4 };
const HEAD = { size: 8.5, lineHeight: 11 };
/** A cell never grows past this many lines, so one row always fits a page. */
const MAX_CELL_LINES = 14;

type Headings = {
  title: string;
  continued: string;
  intro: string;
  scan: string;
  code: string;
  document: string;
  parties: string;
  notary: string;
  timeline: string;
  fingerprints: string;
};

const HEADINGS: Record<'en' | 'hi', Headings> = {
  en: {
    title: 'Certificate of notarisation',
    continued: 'Certificate of notarisation (continued)',
    intro:
      'How the notarial act on this document was performed, recorded by Mohar when the document was sealed.',
    scan: 'Scan to verify',
    code: 'Verification code ',
    document: 'Document',
    parties: 'Parties',
    notary: 'Notary',
    timeline: 'Session timeline',
    fingerprints: 'Fingerprints',
  },
  hi: {
    title: 'नोटरीकरण प्रमाणपत्र · Certificate of notarisation',
    continued: 'नोटरीकरण प्रमाणपत्र (जारी) · Certificate of notarisation (continued)',
    intro:
      'इस दस्तावेज़ पर नोटरी कार्य कैसे किया गया, जैसा मोहर ने दस्तावेज़ पर मुहर लगते समय दर्ज किया। How the notarial act on this document was performed, recorded by Mohar when the document was sealed.',
    scan: 'सत्यापन हेतु स्कैन करें',
    code: 'सत्यापन कोड · Verification code ',
    document: 'दस्तावेज़ · Document',
    parties: 'पक्षकार · Parties',
    notary: 'नोटरी · Notary',
    timeline: 'सत्र का घटनाक्रम · Session timeline',
    fingerprints: 'फ़िंगरप्रिंट · Fingerprints',
  },
};

type Column = { header: string; width: number };
type Field = { label: string; value: string; isWide?: boolean };
type FieldOptions = { columns?: 1 | 2; labelWidth?: number; valueSize?: number };
const FIELD_GUTTER = 20;
const HALF_LABEL_WIDTH = 96;
type Cursor = { page: PDFPage; y: number };

class Layout {
  readonly pages: PDFPage[] = [];
  cursor!: Cursor;
  /** Redrawn at the top of a new page while a table is open. */
  private repeat: (() => void) | undefined;

  private readonly pdfDoc: PDFDocument;
  readonly fonts: MoharFonts;
  private readonly applicationId: string;
  private readonly headings: Headings;

  constructor(
    pdfDoc: PDFDocument,
    fonts: MoharFonts,
    applicationId: string,
    headings: Headings = HEADINGS.en,
  ) {
    this.pdfDoc = pdfDoc;
    this.fonts = fonts;
    this.applicationId = applicationId;
    this.headings = headings;
  }

  newPage(isFirst: boolean) {
    const page = this.pdfDoc.addPage(A4);
    this.pages.push(page);
    this.cursor = { page, y: A4[1] - MARGIN_TOP };
    if (!isFirst) {
      drawTextLine(page, this.headings.continued, {
        x: MARGIN_X,
        y: this.cursor.y - 12,
        size: 12,
        font: this.fonts.bold,
        color: COLOURS.ink,
      });
      drawTextLine(page, `Application ${this.applicationId}`, {
        x: MARGIN_X,
        y: this.cursor.y - 26,
        size: SMALL.size,
        font: this.fonts.regular,
        color: COLOURS.muted,
      });
      this.cursor.y -= 42;
      this.repeat?.();
    }
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.cursor.y - height < CONTENT_BOTTOM) this.newPage(false);
  }

  sectionHeading(title: string, keepWith: number) {
    this.ensure(12 + 21 + keepWith);
    const { page } = this.cursor;
    this.cursor.y -= 12;
    drawTextLine(page, title, {
      x: MARGIN_X,
      y: this.cursor.y - 11,
      size: 11,
      font: this.fonts.bold,
      color: COLOURS.indigo,
    });
    this.cursor.y -= 16;
    page.drawLine({
      start: { x: MARGIN_X, y: this.cursor.y },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: this.cursor.y },
      thickness: 0.6,
      color: COLOURS.indigo,
    });
    this.cursor.y -= 5;
  }

  /** Fields in one or two columns; a wide field (or any field in one column) has a row to itself. */
  private fieldRows(fields: Field[], columns: 1 | 2): Field[][] {
    const rows: Field[][] = [];
    for (const field of fields) {
      const last = rows[rows.length - 1];
      if (columns === 2 && !field.isWide && last && last.length === 1 && !last[0]?.isWide) last.push(field);
      else rows.push([field]);
    }
    return rows;
  }

  private fieldGeometry(row: Field[], options: FieldOptions) {
    const columns = options.columns ?? 1;
    const isSingle = row.length === 1 && (columns === 1 || row[0]?.isWide);
    const slotWidth = isSingle ? CONTENT_WIDTH : (CONTENT_WIDTH - FIELD_GUTTER) / 2;
    // In a two-column grid a wide field keeps the grid's label width, so its value lines up with the left column's.
    const labelWidth = columns === 1 ? (options.labelWidth ?? 150) : HALF_LABEL_WIDTH;
    return { slotWidth, labelWidth, valueWidth: slotWidth - labelWidth };
  }

  private fieldRowHeight(row: Field[], options: FieldOptions) {
    const { labelWidth, valueWidth } = this.fieldGeometry(row, options);
    const heights = row.map((field) =>
      Math.max(
        measureWrapped(field.value, {
          font: this.fonts.regular,
          size: options.valueSize ?? TEXT.size,
          width: valueWidth,
          lineHeight: TEXT.lineHeight,
          maxLines: MAX_CELL_LINES,
        }).height,
        measureWrapped(field.label, {
          font: this.fonts.regular,
          size: LABEL.size,
          width: labelWidth - 8,
          lineHeight: LABEL.lineHeight,
        }).height,
      ),
    );
    return Math.max(...heights) + 2;
  }

  fieldsHeight(fields: Field[], options: FieldOptions = {}) {
    return this.fieldRows(fields, options.columns ?? 1).reduce(
      (sum, row) => sum + this.fieldRowHeight(row, options),
      0,
    );
  }

  paragraphHeight(text: string, size = SMALL.size) {
    return measureWrapped(text, {
      font: this.fonts.regular,
      size,
      width: CONTENT_WIDTH,
      lineHeight: size * 1.3,
    }).height;
  }

  firstFieldsHeight(fields: Field[], options: FieldOptions = {}) {
    const [first] = this.fieldRows(fields, options.columns ?? 1);
    return first ? this.fieldRowHeight(first, options) : 0;
  }

  fields(fields: Field[], options: FieldOptions = {}) {
    for (const row of this.fieldRows(fields, options.columns ?? 1)) {
      const height = this.fieldRowHeight(row, options);
      this.ensure(height);
      const { page } = this.cursor;
      const top = this.cursor.y;
      const { slotWidth, labelWidth, valueWidth } = this.fieldGeometry(row, options);
      row.forEach((field, i) => {
        const x = MARGIN_X + i * (slotWidth + FIELD_GUTTER);
        drawWrapped(page, field.label, {
          x,
          y: top,
          width: labelWidth - 8,
          size: LABEL.size,
          lineHeight: LABEL.lineHeight,
          font: this.fonts.regular,
          color: COLOURS.muted,
        });
        drawWrapped(page, field.value, {
          x: x + labelWidth,
          y: top,
          width: valueWidth,
          size: options.valueSize ?? TEXT.size,
          lineHeight: TEXT.lineHeight,
          font: this.fonts.regular,
          color: COLOURS.ink,
          maxLines: MAX_CELL_LINES,
        });
      });
      this.cursor.y = top - height;
    }
  }

  private cellLines(text: string, width: number, font = this.fonts.regular, size = CELL.size) {
    return measureWrapped(text, {
      font,
      size,
      width: width - 2 * CELL.padX,
      lineHeight: CELL.lineHeight,
      maxLines: MAX_CELL_LINES,
    });
  }

  private rowHeight(cells: string[], columns: Column[]) {
    const heights = cells.map((text, i) => this.cellLines(text, columns[i]?.width ?? 0).height);
    return Math.max(...heights) + 2 * CELL.padY;
  }

  firstRowHeight(columns: Column[], rows: string[][]) {
    return this.headerRowHeight(columns) + (rows[0] ? this.rowHeight(rows[0], columns) : 0);
  }

  private headerRowHeight(columns: Column[]) {
    const lines = columns.map(
      (c) =>
        measureWrapped(c.header, {
          font: this.fonts.bold,
          size: HEAD.size,
          width: c.width - 2 * CELL.padX,
          lineHeight: HEAD.lineHeight,
        }).height,
    );
    return Math.max(...lines) + 2 * CELL.padY;
  }

  private drawHeaderRow(columns: Column[]) {
    const { page } = this.cursor;
    const height = this.headerRowHeight(columns);
    const top = this.cursor.y;
    page.drawRectangle({
      x: MARGIN_X,
      y: top - height,
      width: CONTENT_WIDTH,
      height,
      color: COLOURS.indigoTint,
    });
    let x = MARGIN_X;
    for (const column of columns) {
      drawWrapped(page, column.header, {
        x: x + CELL.padX,
        y: top - CELL.padY,
        width: column.width - 2 * CELL.padX,
        size: HEAD.size,
        lineHeight: HEAD.lineHeight,
        font: this.fonts.bold,
        color: COLOURS.indigo,
      });
      x += column.width;
    }
    this.cursor.y -= height;
  }

  /** A table whose header row is repeated on every page it runs onto. */
  table(columns: Column[], rows: string[][], options: { emptyText: string }) {
    this.ensure(this.firstRowHeight(columns, rows));
    this.drawHeaderRow(columns);
    this.repeat = () => this.drawHeaderRow(columns);
    if (rows.length === 0) {
      const { page } = this.cursor;
      this.cursor.y = drawWrapped(page, options.emptyText, {
        x: MARGIN_X + CELL.padX,
        y: this.cursor.y - CELL.padY,
        width: CONTENT_WIDTH,
        size: CELL.size,
        lineHeight: CELL.lineHeight,
        font: this.fonts.regular,
        color: COLOURS.muted,
      });
    }
    for (const cells of rows) {
      const height = this.rowHeight(cells, columns);
      this.ensure(height);
      const { page } = this.cursor;
      const top = this.cursor.y;
      let x = MARGIN_X;
      cells.forEach((text, i) => {
        const width = columns[i]?.width ?? 0;
        drawWrapped(page, text, {
          x: x + CELL.padX,
          y: top - CELL.padY,
          width: width - 2 * CELL.padX,
          size: CELL.size,
          lineHeight: CELL.lineHeight,
          font: this.fonts.regular,
          color: COLOURS.ink,
          maxLines: MAX_CELL_LINES,
        });
        x += width;
      });
      this.cursor.y -= height;
      page.drawLine({
        start: { x: MARGIN_X, y: this.cursor.y },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: this.cursor.y },
        thickness: 0.4,
        color: COLOURS.rule,
      });
    }
    this.repeat = undefined;
  }

  paragraph(text: string, options: { size?: number; color?: typeof COLOURS.ink } = {}) {
    const size = options.size ?? SMALL.size;
    const lineHeight = size * 1.3;
    const { lines, height } = measureWrapped(text, {
      font: this.fonts.regular,
      size,
      width: CONTENT_WIDTH,
      lineHeight,
    });
    this.ensure(Math.min(height, lineHeight * 3));
    for (const line of lines) {
      this.ensure(lineHeight);
      drawWrapped(this.cursor.page, line, {
        x: MARGIN_X,
        y: this.cursor.y,
        width: CONTENT_WIDTH,
        size,
        lineHeight,
        font: this.fonts.regular,
        color: options.color ?? COLOURS.muted,
      });
      this.cursor.y -= lineHeight;
    }
  }

  footers() {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      page.drawLine({
        start: { x: MARGIN_X, y: 44 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 },
        thickness: 0.4,
        color: COLOURS.rule,
      });
      drawTextLine(page, `Mohar · Certificate of notarisation · Application ${this.applicationId}`, {
        x: MARGIN_X,
        y: 30,
        size: 7.5,
        font: this.fonts.regular,
        color: COLOURS.muted,
      });
      drawTextLine(page, `Page ${i + 1} of ${total}`, {
        x: MARGIN_X,
        y: 30,
        width: CONTENT_WIDTH,
        align: 'right',
        size: 7.5,
        font: this.fonts.regular,
        color: COLOURS.muted,
      });
    });
  }
}

/** The QR code as filled squares (vector: sharp at any zoom and print size), quiet zone included in `size`. */
function drawQrCode(page: PDFPage, options: { qr: QRCode; x: number; y: number; size: number }) {
  const { qr } = options;
  const count = qr.modules.size;
  const quiet = 4;
  const module = options.size / (count + 2 * quiet);
  const ops = [pushGraphicsState(), setFillingColor(COLOURS.ink)];
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const isDark = col < count && qr.modules.get(row, col) === 1;
      if (isDark && start < 0) start = col;
      if (!isDark && start >= 0) {
        // Runs are slightly overlapped vertically so no hairline gaps show between rows when rasterised.
        ops.push(
          rectangle(
            options.x + (quiet + start) * module,
            options.y + options.size - (quiet + row + 1) * module - 0.01,
            (col - start) * module,
            module + 0.02,
          ),
        );
        start = -1;
      }
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

function roleLabel(role: SignatoryRole, act: NotarialAct): string {
  if (role === 'witness') return 'Witness';
  return act === 'affidavit_oath' ? 'Deponent' : 'Executant';
}

function isoDateToText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** Appends the certificate of notarisation (one or more A4 pages) after the document's last page. */
export async function appendCertificateOfNotarisation(
  pdfDoc: PDFDocument,
  data: CertificatePageData,
): Promise<CertificatePageResult> {
  check(data);
  const fonts = await embedFonts(pdfDoc);
  const verifyUrl = verificationUrl(data.verification);
  const firstPageIndex = pdfDoc.getPageCount();
  const headings = HEADINGS[data.headingLanguage ?? 'en'];
  const layout = new Layout(pdfDoc, fonts, data.applicationId, headings);
  layout.newPage(true);

  // Header: wordmark, title, introduction and the verification link on the left; the QR code on the right.
  const { page } = layout.cursor;
  const top = layout.cursor.y;
  const qrX = MARGIN_X + CONTENT_WIDTH - QR_SIZE;
  const headerWidth = CONTENT_WIDTH - QR_SIZE - 20;
  drawTextLine(page, 'Mohar · मोहर', {
    x: MARGIN_X,
    y: top - 11,
    size: 11,
    font: fonts.bold,
    color: COLOURS.indigo,
  });
  drawTextLine(page, headings.title, {
    x: MARGIN_X,
    y: top - 38,
    // A longer (bilingual) title is set smaller so that it stays clear of the QR code.
    size: Math.min(21, (21 * headerWidth) / widthOfText(headings.title, { font: fonts.bold, size: 21 })),
    font: fonts.bold,
    color: COLOURS.ink,
  });
  const introBottom = drawWrapped(page, headings.intro, {
    x: MARGIN_X,
    y: top - 46,
    width: headerWidth,
    size: 9.5,
    font: fonts.regular,
    color: COLOURS.muted,
  });
  // qrcode is loaded by the first seal, not at start (platform/lazy-libraries.ts).
  const qr = (await import('qrcode')).default.create(verifyUrl, { errorCorrectionLevel: 'M' });
  drawQrCode(page, { qr, x: qrX, y: top - QR_SIZE, size: QR_SIZE });
  drawTextLine(page, headings.scan, {
    x: qrX,
    y: top - QR_SIZE - 8,
    width: QR_SIZE,
    align: 'center',
    size: 7.5,
    font: fonts.regular,
    color: COLOURS.muted,
  });

  // The verification code and link, on a tint so they read as the thing to use.
  const panelTop = introBottom - 6;
  const urlLines = measureWrapped(verifyUrl, {
    font: fonts.regular,
    size: 9,
    width: headerWidth - 20,
    lineHeight: 11.5,
  });
  const panelHeight = 24 + urlLines.height;
  page.drawRectangle({
    x: MARGIN_X,
    y: panelTop - panelHeight,
    width: headerWidth,
    height: panelHeight,
    color: COLOURS.indigoTint,
  });
  const codeLabelWidth = drawTextLine(page, headings.code, {
    x: MARGIN_X + 10,
    y: panelTop - 15,
    size: 9,
    font: fonts.regular,
    color: COLOURS.muted,
  });
  drawTextLine(page, data.verification.code.trim(), {
    x: MARGIN_X + 10 + codeLabelWidth,
    y: panelTop - 15,
    size: 10,
    font: fonts.bold,
    color: COLOURS.indigo,
  });
  drawWrapped(page, verifyUrl, {
    x: MARGIN_X + 10,
    y: panelTop - 20,
    width: headerWidth - 20,
    size: 9,
    lineHeight: 11.5,
    font: fonts.regular,
    color: COLOURS.indigo,
  });
  layout.cursor.y = Math.min(panelTop - panelHeight, top - QR_SIZE - 12) - 2;

  const act = ACT_TEMPLATES[data.document.act];
  const documentFields: Field[] = [
    { label: 'Application ID', value: data.applicationId, isWide: true },
    { label: 'Document', value: data.document.title, isWide: true },
    { label: 'Document type', value: DOCUMENT_TYPE_LABELS[data.document.type] },
    { label: 'Notarial act', value: act.name },
    ...(data.document.pageCount ? [{ label: 'Pages', value: `${data.document.pageCount}` }] : []),
    ...(data.document.language ? [{ label: 'Language', value: data.document.language }] : []),
    { label: 'Notarised', value: formatIstTimestamp(data.notarisedAt) },
    ...(data.registerSerial ? [{ label: 'Register serial No.', value: `${data.registerSerial}` }] : []),
  ];
  layout.sectionHeading(headings.document, layout.firstFieldsHeight(documentFields, { columns: 2 }));
  layout.fields(documentFields, { columns: 2 });

  const partyColumns: Column[] = [
    { header: 'Name', width: 150 },
    { header: 'Role', width: 72 },
    { header: 'Identity check', width: 187 },
    { header: 'Aadhaar', width: CONTENT_WIDTH - 150 - 72 - 187 },
  ];
  const partyRows = data.parties.map((party) => [
    party.name,
    roleLabel(party.role, data.document.act),
    `${IDENTITY_METHOD_LABELS[party.identityMethod]}${party.identityDetail ? `; ${party.identityDetail}` : ''}`,
    party.aadhaarMasked ?? '—',
  ]);
  layout.sectionHeading(headings.parties, layout.firstRowHeight(partyColumns, partyRows));
  layout.table(partyColumns, partyRows, { emptyText: 'No parties recorded.' });

  const signature = data.digitalSignature;
  const notaryFields: Field[] = [
    { label: 'Notary', value: data.notary.name },
    { label: 'Registration No.', value: data.notary.registrationNumber },
    { label: 'Commission area', value: data.notary.areaOfPractice },
    ...(data.notary.commissionExpiresOn
      ? [{ label: 'Commission valid till', value: isoDateToText(data.notary.commissionExpiresOn) }]
      : []),
    ...(data.notary.appointingGovernment
      ? [{ label: 'Appointed by', value: data.notary.appointingGovernment, isWide: true }]
      : []),
    ...(signature
      ? [
          {
            label: 'Digital signature',
            value: `${signature.signerName}; certificate issued by ${signature.issuer}${
              signature.isPlatformIssued && !/not a licensed/i.test(signature.issuer)
                ? ' (the platform’s own CA, not a licensed CA under the IT Act)'
                : ''
            }`,
            isWide: true,
          },
        ]
      : []),
  ];
  layout.sectionHeading(headings.notary, layout.firstFieldsHeight(notaryFields, { columns: 2 }));
  layout.fields(notaryFields, { columns: 2 });

  const timelineColumns: Column[] = [
    { header: 'Time (IST)', width: 128 },
    { header: 'Event', width: CONTENT_WIDTH - 128 - 118 },
    // An IPv6 address takes two lines, broken after a group.
    { header: 'IP address', width: 118 },
  ];
  const timelineRows = [...data.timeline]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((event) => [formatIstTimestamp(event.at), event.text, event.ip ?? '—']);
  layout.sectionHeading(headings.timeline, layout.firstRowHeight(timelineColumns, timelineRows));
  layout.table(timelineColumns, timelineRows, { emptyText: 'No events recorded.' });

  const hashFields: Field[] = [
    { label: 'Original document (SHA-256)', value: data.hashes.originalSha256.toLowerCase() },
    { label: 'Document before sealing (SHA-256)', value: data.hashes.beforeSealingSha256.toLowerCase() },
    ...(data.hashes.recordingSha256
      ? [{ label: 'Recording manifest (final hash)', value: data.hashes.recordingSha256.toLowerCase() }]
      : []),
  ];
  // 8.5 pt keeps a 64-digit hex digest on one line, so it can be read or copied whole.
  const hashOptions: FieldOptions = { labelWidth: 160, valueSize: 8.5 };
  const notes = [
    'A file cannot contain its own fingerprint, so the SHA-256 of this sealed file is not printed here. The verification code above identifies it: the verification page shows its SHA-256 and checks the notary’s digital signature.',
    ...(data.hashes.recordingSha256
      ? [
          'The session was recorded by Mohar’s server, each participant’s audio and video separately. The recording manifest lists every part with its SHA-256 in a hash chain signed by the platform; its final hash above identifies the whole recording.',
        ]
      : []),
    'The parties appeared before the notary by live audio-video link. This page records the process; the notarial act itself is the notary’s certificate, signed and sealed on the document.',
  ];
  // The fingerprints and the notes that explain them stay together.
  layout.sectionHeading(
    headings.fingerprints,
    layout.fieldsHeight(hashFields, hashOptions) +
      notes.reduce((sum, n) => sum + 6 + layout.paragraphHeight(n), 0),
  );
  layout.fields(hashFields, hashOptions);
  for (const note of notes) {
    layout.cursor.y -= 6;
    layout.paragraph(note);
  }

  layout.footers();
  return { firstPageIndex, pageCount: layout.pages.length, verifyUrl };
}
