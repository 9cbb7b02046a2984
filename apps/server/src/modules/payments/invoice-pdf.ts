import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import type { LanguageCode } from '@mohar/contracts';
import type { InLanguages } from '../../platform/mail-layout.ts';
import { embedFonts, splitScriptRuns } from '../sealing/fonts.ts';
import { istDateKey } from './business-days.ts';

export type InvoiceData = {
  /** The receipt serial, which is also the invoice number: `MOH/2026-27/000123`. */
  serial: string;
  /** Printed as DD/MM/YYYY in IST; also the PDF's creation date, so the same data always renders the same bytes. */
  issuedAt: Date;
  seller: { name: string; address: string; gstin: string; state: string; stateCode: string };
  buyer: { name: string; email: string };
  application: { id: string; title: string | null };
  /** Fee lines in integer paise; codes: platform_fee, gst, notarial_fee, extra_signatories. */
  lines: Array<{ code: string; label: string; amountPaise: number }>;
  totalPaise: number;
  paidFrom: { walletPaise: number; gatewayPaise: number; gatewayPaymentId: string | null };
  gstRatePercent: number;
  sac: string;
  /** A banner under the heading, e.g. 'Sandbox payment: not a valid tax invoice' outside production. */
  notice?: string | null;
  /** The payer's language (issue 23): a Hindi invoice has Hindi fixed text, drawn with the bundled Noto fonts. */
  language?: LanguageCode;
};

type InvoiceTexts = {
  title: string;
  original: string;
  tagline: string;
  seller: string;
  gstin: string;
  state: (state: string, code: string) => string;
  invoice: string;
  number: string;
  date: string;
  placeOfSupply: string;
  reverseCharge: string;
  no: string;
  billedTo: string;
  application: string;
  ref: string;
  description: string;
  sac: string;
  amount: string;
  lines: Partial<Record<string, string>>;
  taxableValue: string;
  notarialFee: string;
  forNotary: (label: string) => string;
  total: string;
  inWords: string;
  payment: string;
  fromWallet: string;
  online: (id: string | null) => string;
  nothing: string;
  issuedBy: (name: string, gstin: string) => string;
  notarialNote: string;
  notices: Partial<Record<string, string>>;
};

const SANDBOX_NOTICE = 'Sandbox payment: not a valid tax invoice';

/** The invoice's fixed text. The amount in words stays English in both (as Indian tax invoices print it). */
const TEXTS: InLanguages<InvoiceTexts> = {
  en: {
    title: 'Tax Invoice',
    original: 'Original for recipient',
    tagline: 'Online notarisation',
    seller: 'SELLER',
    gstin: 'GSTIN',
    state: (state, code) => `State: ${state} (code ${code})`,
    invoice: 'INVOICE',
    number: 'Invoice no.',
    date: 'Invoice date',
    placeOfSupply: 'Place of supply',
    reverseCharge: 'Reverse charge',
    no: 'No',
    billedTo: 'BILLED TO',
    application: 'APPLICATION',
    ref: 'Ref.',
    description: 'Description',
    sac: 'SAC',
    amount: 'Amount',
    lines: {},
    taxableValue: 'Taxable value',
    notarialFee: 'Notarial fee (statutory fee collected for the notary; not a taxable supply of Mohar)',
    forNotary: (label) => `${label} (collected for the notary)`,
    total: 'Total',
    inWords: 'Amount in words:',
    payment: 'PAYMENT',
    fromWallet: 'Paid from your Mohar wallet',
    online: (id) => `Paid online through the payment gateway${id ? ` (payment ID ${id})` : ''}`,
    nothing: 'Nothing to pay',
    issuedBy: (name, gstin) => `Issued by ${name}, GSTIN ${gstin}. Amounts are in Indian rupees (Rs.).`,
    notarialNote: 'Notarial fees are collected for the notary and are not part of the taxable value.',
    notices: {},
  },
  hi: {
    title: 'कर बीजक (Tax Invoice)',
    original: 'प्राप्तकर्ता के लिए मूल प्रति',
    tagline: 'ऑनलाइन नोटरीकरण',
    seller: 'विक्रेता',
    gstin: 'GSTIN',
    state: (state, code) => `राज्य: ${state} (कोड ${code})`,
    invoice: 'बीजक',
    number: 'बीजक संख्या',
    date: 'बीजक तिथि',
    placeOfSupply: 'आपूर्ति का स्थान',
    reverseCharge: 'रिवर्स चार्ज',
    no: 'नहीं',
    billedTo: 'प्राप्तकर्ता',
    application: 'आवेदन',
    ref: 'संदर्भ',
    description: 'विवरण',
    sac: 'SAC',
    amount: 'राशि',
    lines: {
      platform_fee: 'प्लेटफ़ॉर्म शुल्क',
      extra_signatories: 'अतिरिक्त हस्ताक्षरकर्ताओं का शुल्क',
    },
    taxableValue: 'कर योग्य मूल्य',
    notarialFee: 'नोटरी शुल्क (नोटरी के लिए एकत्र किया गया वैधानिक शुल्क; मोहर की कर योग्य आपूर्ति नहीं)',
    forNotary: (label) => `${label} (नोटरी के लिए एकत्र)`,
    total: 'कुल',
    inWords: 'राशि शब्दों में:',
    payment: 'भुगतान',
    fromWallet: 'आपके मोहर वॉलेट से भुगतान',
    online: (id) => `पेमेंट गेटवे से ऑनलाइन भुगतान${id ? ` (पेमेंट ID ${id})` : ''}`,
    nothing: 'कोई भुगतान देय नहीं',
    issuedBy: (name, gstin) => `जारीकर्ता: ${name}, GSTIN ${gstin}। राशियाँ भारतीय रुपये (Rs.) में हैं।`,
    notarialNote: 'नोटरी शुल्क नोटरी के लिए एकत्र किए जाते हैं और कर योग्य मूल्य का हिस्सा नहीं हैं।',
    notices: { [SANDBOX_NOTICE]: 'सैंडबॉक्स भुगतान: वैध कर बीजक नहीं' },
  },
};

// GST applies to the platform fee only (domain.md, decision 0007): the notarial fee and the fee per extra signatory
// (the notary's fee for each further executant) are collected for the notary as a pure agent.
const TAXABLE_CODES = new Set(['platform_fee']);
const NOTARIAL_CODES = new Set(['notarial_fee', 'extra_signatories']);
const KNOWN_CODES = new Set([...TAXABLE_CODES, ...NOTARIAL_CODES, 'gst']);

const assertPaise = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${what} must be a whole number of paise ≥ 0`);
};

/**
 * Intra-state supply: the GST is half central (CGST) and half state (SGST). An odd paisa goes to SGST, so the two
 * always add up to exactly the GST charged.
 */
export function splitGst(gstPaise: number): { cgst: number; sgst: number } {
  assertPaise(gstPaise, 'GST');
  const cgst = Math.floor(gstPaise / 2);
  return { cgst, sgst: gstPaise - cgst };
}

/** `Rs. 1,23,456.78` — Indian digit grouping. Standard PDF fonts have no ₹ glyph, hence "Rs.". */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error('An amount must be a whole number of paise');
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const grouped =
    rupees.length <= 3
      ? rupees
      : `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}`;
  return `${sign}Rs. ${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]} Hundred`);
  if (n % 100) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** Indian system: crore (10^7), lakh (10^5), thousand, hundred. Above 99 crore the crore count itself is spelled out. */
function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  const thousand = Math.floor((rest % 100_000) / 1000);
  const hundreds = rest % 1000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (hundreds) parts.push(belowThousand(hundreds));
  return parts.join(' ');
}

/** `Rupees Seven Hundred Forty-Eight and Eighty-Two Paise Only`, as Indian invoices print the total. */
export function amountInWords(paise: number): string {
  assertPaise(paise, 'The amount');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

function checkInvoice(data: InvoiceData) {
  for (const line of data.lines) {
    if (!KNOWN_CODES.has(line.code))
      throw new Error(`Unknown fee line "${line.code}" on invoice ${data.serial}`);
    assertPaise(line.amountPaise, `Fee line ${line.code}`);
  }
  const sum = data.lines.reduce((total, line) => total + line.amountPaise, 0);
  if (sum !== data.totalPaise) {
    throw new Error(`Invoice ${data.serial}: lines add up to ${sum} paise, not the total ${data.totalPaise}`);
  }
  assertPaise(data.paidFrom.walletPaise, 'The wallet part');
  assertPaise(data.paidFrom.gatewayPaise, 'The gateway part');
  if (data.paidFrom.walletPaise + data.paidFrom.gatewayPaise !== data.totalPaise) {
    throw new Error(`Invoice ${data.serial}: wallet and gateway parts do not add up to the total`);
  }
}

const INK = rgb(0.13, 0.13, 0.16);
const MUTED = rgb(0.38, 0.38, 0.44);
// Brand deep indigo (Mantine shade 8, #312c9c) and its lightest tint (#eeedfb).
const INDIGO = rgb(0x31 / 255, 0x2c / 255, 0x9c / 255);
const INDIGO_TINT = rgb(0xee / 255, 0xed / 255, 0xfb / 255);
const RULE = rgb(0.82, 0.82, 0.88);
// Brand saffron tint (#fff8e1) with a dark amber that keeps AA contrast on it.
const NOTICE_FILL = rgb(0xff / 255, 0xf8 / 255, 0xe1 / 255);
const NOTICE_INK = rgb(0x7a / 255, 0x4b / 255, 0x00);

type Fonts = { regular: PDFFont; bold: PDFFont };
/** Characters a font (with its Devanagari companion, for the embedded Noto fonts) can draw. */
const charactersOf = (fonts: Fonts, extra?: PDFFont) =>
  new Set([...fonts.regular.getCharacterSet(), ...(extra?.getCharacterSet() ?? [])]);
type TextStyle = { font?: 'regular' | 'bold'; size?: number; color?: ReturnType<typeof rgb> };

/**
 * Lays text out top-down on one page. Standard PDF fonts can only draw WinAnsi (Latin-1 plus a few symbols), so
 * every string is normalised and anything else (Devanagari in a name, an emoji in a title) becomes '?': the invoice
 * is always produced, and the exact Unicode text stays in the database.
 */
class Layout {
  private readonly drawable: Set<number>;
  readonly page: PDFPage;
  readonly fonts: Fonts;

  constructor(page: PDFPage, fonts: Fonts, devanagari?: PDFFont) {
    this.page = page;
    this.fonts = fonts;
    this.drawable = charactersOf(fonts, devanagari);
  }

  safe(text: string): string {
    return Array.from(text.normalize('NFC').replace(/\s+/g, ' '), (ch) =>
      this.drawable.has(ch.codePointAt(0)!) ? ch : '?',
    ).join('');
  }

  /** Runs of one font each: Devanagari in the Noto companion of a Hindi invoice, the rest in the main face. */
  private runs(text: string, style: TextStyle) {
    return splitScriptRuns(this.safe(text), this.fonts[style.font ?? 'regular']);
  }

  width(text: string, style: TextStyle = {}): number {
    return this.runs(text, style).reduce(
      (sum, run) => sum + run.font.widthOfTextAtSize(run.text, style.size ?? 9.5),
      0,
    );
  }

  /** Breaks text into lines no wider than `maxWidth` (long words are cut); beyond `maxLines` it ends with "...". */
  wrap(text: string, maxWidth: number, style: TextStyle = {}, maxLines = Number.POSITIVE_INFINITY): string[] {
    const fits = (candidate: string) => this.width(candidate, style) <= maxWidth;
    const lines: string[] = [];
    let current = '';
    for (const word of this.safe(text).trim().split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      for (const ch of word) {
        if (fits(current + ch)) current += ch;
        else {
          lines.push(current);
          current = ch;
        }
      }
    }
    if (current || lines.length === 0) lines.push(current);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last && !fits(`${last}...`)) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last.trimEnd()}...`;
    return kept;
  }

  text(text: string, x: number, y: number, style: TextStyle = {}) {
    let at = x;
    for (const run of this.runs(text, style)) {
      this.page.drawText(run.text, {
        x: at,
        y,
        font: run.font,
        size: style.size ?? 9.5,
        color: style.color ?? INK,
      });
      at += run.font.widthOfTextAtSize(run.text, style.size ?? 9.5);
    }
  }

  textRight(text: string, right: number, y: number, style: TextStyle = {}) {
    this.text(text, right - this.width(text, style), y, style);
  }

  rule(y: number, from: number, to: number, color = RULE, thickness = 0.75) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }
}

const PAGE: [number, number] = PageSizes.A4;
const MARGIN = 48;
const LEFT = MARGIN;
const RIGHT = PAGE[0] - MARGIN;
const LINE = 13;

/**
 * A GST tax invoice for one payment, for a consumer (B2C): one A4 page.
 *
 * - Place of supply is the seller's state: we hold no address for the recipient, and for services to an
 *   unregistered person without an address on record the place of supply is the supplier's location
 *   (IGST Act 2017, s. 12(2)(b)). The supply is therefore intra-state and the GST is CGST + SGST in halves.
 * - Taxable value is the platform fee. The notarial fee and the fee per extra signatory are collected for the notary
 *   (decision 0007), shown on their own lines outside the taxable value.
 * - Rs. instead of ₹: the standard fonts have no rupee glyph, and embedding a font would make every invoice heavier.
 * - In Hindi (the payer's language, issue 23) the fixed text is Hindi, drawn with the Noto fonts the certificate
 *   uses (apps/server/assets/fonts, subset into the file); an English invoice keeps the standard fonts.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  checkInvoice(data);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Tax invoice ${data.serial}`, { showInWindowTitleBar: true });
  pdf.setAuthor(data.seller.name);
  pdf.setSubject(`Tax invoice ${data.serial} for application ${data.application.id}`);
  pdf.setCreator('Mohar');
  pdf.setProducer('Mohar');
  pdf.setCreationDate(data.issuedAt);
  pdf.setModificationDate(data.issuedAt);
  const page = pdf.addPage(PAGE);
  const t = TEXTS[data.language ?? 'en'];
  const noto = data.language === 'hi' ? await embedFonts(pdf) : null;
  const fonts = noto
    ? { regular: noto.regular, bold: noto.bold }
    : {
        regular: await pdf.embedFont(StandardFonts.Helvetica),
        bold: await pdf.embedFont(StandardFonts.HelveticaBold),
      };
  const layout = new Layout(page, fonts, noto?.devanagari);
  const small = { size: 8.5, color: MUTED } as const;
  const label = { font: 'bold', size: 8.5, color: INDIGO } as const;

  // Heading.
  let y = PAGE[1] - MARGIN - 16;
  layout.text(t.title, LEFT, y, { font: 'bold', size: 20, color: INDIGO });
  layout.textRight('Mohar', RIGHT, y, { font: 'bold', size: 16, color: INDIGO });
  y -= 14;
  layout.text(t.original, LEFT, y, small);
  layout.textRight(t.tagline, RIGHT, y, small);
  y -= 10;
  layout.rule(y, LEFT, RIGHT, INDIGO, 1.5);
  if (data.notice) {
    const noticeStyle = { font: 'bold', color: NOTICE_INK } as const;
    const noticeLines = layout.wrap(t.notices[data.notice] ?? data.notice, RIGHT - LEFT - 20, noticeStyle, 2);
    const height = noticeLines.length * LINE + 10;
    y -= 8;
    page.drawRectangle({ x: LEFT, y: y - height, width: RIGHT - LEFT, height, color: NOTICE_FILL });
    for (const line of noticeLines) {
      y -= LINE;
      layout.text(line, LEFT + 10, y - 2, noticeStyle);
    }
    y -= 10;
  }

  // Seller (left) and invoice details (right).
  const columnGap = 24;
  const half = (RIGHT - LEFT - columnGap) / 2;
  const rightColumn = LEFT + half + columnGap;
  y -= 20;
  const top = y;
  layout.text(t.seller, LEFT, y, label);
  y -= LINE + 1;
  for (const line of layout.wrap(data.seller.name, half, { font: 'bold', size: 11 }, 2)) {
    layout.text(line, LEFT, y, { font: 'bold', size: 11 });
    y -= LINE + 1;
  }
  for (const line of layout.wrap(data.seller.address, half, {}, 4)) {
    layout.text(line, LEFT, y);
    y -= LINE;
  }
  layout.text(`${t.gstin}: ${data.seller.gstin}`, LEFT, y, { font: 'bold' });
  y -= LINE;
  layout.text(t.state(data.seller.state, data.seller.stateCode), LEFT, y);
  const sellerBottom = y;

  y = top;
  layout.text(t.invoice, rightColumn, y, label);
  y -= LINE + 1;
  const details: Array<[string, string]> = [
    [t.number, data.serial],
    [t.date, istDateKey(data.issuedAt).split('-').reverse().join('/')],
    [t.placeOfSupply, `${data.seller.state} (${data.seller.stateCode})`],
    [t.reverseCharge, t.no],
  ];
  const detailValueX = rightColumn + 92;
  for (const [name, value] of details) {
    layout.text(name, rightColumn, y, { color: MUTED });
    layout.text(layout.wrap(value, RIGHT - detailValueX, { font: 'bold' }, 1)[0]!, detailValueX, y, {
      font: 'bold',
    });
    y -= LINE;
  }
  y = Math.min(y + LINE, sellerBottom) - 20;

  // Buyer (left) and application (right).
  const blockTop = y;
  layout.text(t.billedTo, LEFT, y, label);
  y -= LINE + 1;
  for (const line of layout.wrap(data.buyer.name, half, { font: 'bold' }, 2)) {
    layout.text(line, LEFT, y, { font: 'bold' });
    y -= LINE;
  }
  layout.text(layout.wrap(data.buyer.email, half, {}, 1)[0]!, LEFT, y);
  const buyerBottom = y;

  y = blockTop;
  layout.text(t.application, rightColumn, y, label);
  y -= LINE + 1;
  layout.text(layout.wrap(`${t.ref} ${data.application.id}`, half, {}, 1)[0]!, rightColumn, y);
  for (const line of data.application.title
    ? layout.wrap(data.application.title, half, { font: 'bold' }, 2)
    : []) {
    y -= LINE;
    layout.text(line, rightColumn, y, { font: 'bold' });
  }
  y = Math.min(y, buyerBottom) - 26;

  // The table: description, SAC, amount.
  const sacX = RIGHT - 170;
  const amountRight = RIGHT - 6;
  const descriptionX = LEFT + 26;
  const descriptionWidth = sacX - descriptionX - 12;
  page.drawRectangle({ x: LEFT, y: y - 6, width: RIGHT - LEFT, height: 20, color: INDIGO_TINT });
  const headStyle = { font: 'bold', size: 8.5, color: INDIGO } as const;
  layout.text('#', LEFT + 6, y, headStyle);
  layout.text(t.description, descriptionX, y, headStyle);
  layout.text(t.sac, sacX, y, headStyle);
  layout.textRight(t.amount, amountRight, y, headStyle);
  y -= 24;

  const row = (options: {
    index?: number;
    description: string;
    sac?: string;
    amountPaise: number;
    bold?: boolean;
  }) => {
    const style: TextStyle = options.bold ? { font: 'bold' } : {};
    const lines = layout.wrap(options.description, descriptionWidth, style, 3);
    if (options.index !== undefined) layout.text(String(options.index), LEFT + 6, y, { color: MUTED });
    lines.forEach((line, i) => {
      layout.text(line, descriptionX, y - i * LINE, style);
    });
    if (options.sac) layout.text(options.sac, sacX, y);
    layout.textRight(formatRupees(options.amountPaise), amountRight, y, style);
    y -= lines.length * LINE + 6;
  };

  const taxable = data.lines.filter((line) => TAXABLE_CODES.has(line.code));
  const taxableValue = taxable.reduce((total, line) => total + line.amountPaise, 0);
  const gstPaise = data.lines
    .filter((line) => line.code === 'gst')
    .reduce((t, line) => t + line.amountPaise, 0);
  const { cgst, sgst } = splitGst(gstPaise);
  const notarial = data.lines.filter((line) => NOTARIAL_CODES.has(line.code));

  let index = 1;
  for (const line of taxable)
    row({
      index: index++,
      description: t.lines[line.code] ?? line.label,
      sac: data.sac,
      amountPaise: line.amountPaise,
    });
  layout.rule(y + 10, descriptionX, RIGHT);
  y -= 4;
  row({ description: t.taxableValue, amountPaise: taxableValue, bold: true });
  const halfRate = percent(data.gstRatePercent / 2);
  row({ description: `CGST @ ${halfRate}`, amountPaise: cgst });
  row({ description: `SGST @ ${halfRate}`, amountPaise: sgst });
  for (const line of notarial) {
    layout.rule(y + 10, descriptionX, RIGHT);
    y -= 4;
    row({
      index: index++,
      description:
        line.code === 'notarial_fee' ? t.notarialFee : t.forNotary(t.lines[line.code] ?? line.label),
      amountPaise: line.amountPaise,
    });
  }

  y -= 2;
  layout.rule(y + 12, LEFT, RIGHT, INDIGO, 1);
  y -= 6;
  layout.text(t.total, descriptionX, y, { font: 'bold', size: 11, color: INDIGO });
  layout.textRight(formatRupees(data.totalPaise), amountRight, y, { font: 'bold', size: 11, color: INDIGO });
  y -= LINE + 4;
  layout.text(t.inWords, LEFT, y, { font: 'bold' });
  const wordsX = LEFT + layout.width(`${t.inWords} `, { font: 'bold' });
  for (const line of layout.wrap(amountInWords(data.totalPaise), RIGHT - wordsX)) {
    layout.text(line, wordsX, y);
    y -= LINE;
  }

  // How it was paid.
  y -= 18;
  layout.text(t.payment, LEFT, y, label);
  y -= LINE + 1;
  const payments: Array<[string, number]> = [];
  if (data.paidFrom.walletPaise > 0) payments.push([t.fromWallet, data.paidFrom.walletPaise]);
  if (data.paidFrom.gatewayPaise > 0) {
    const id = data.paidFrom.gatewayPaymentId;
    payments.push([t.online(id), data.paidFrom.gatewayPaise]);
  }
  if (payments.length === 0) payments.push([t.nothing, 0]);
  for (const [description, amount] of payments) {
    layout.text(layout.wrap(description, amountRight - LEFT - 110, {}, 1)[0]!, LEFT, y);
    layout.textRight(formatRupees(amount), amountRight, y);
    y -= LINE;
  }

  // Footer.
  const footer = [t.issuedBy(data.seller.name, data.seller.gstin), t.notarialNote];
  let footerY = MARGIN + LINE;
  layout.rule(footerY + LINE, LEFT, RIGHT);
  for (const line of footer) {
    layout.text(layout.wrap(line, RIGHT - LEFT, small, 1)[0]!, LEFT, footerY, small);
    footerY -= LINE - 2;
  }

  return pdf.save({ useObjectStreams: false });
}
