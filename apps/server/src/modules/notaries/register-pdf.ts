/**
 * The notarial register (Form XV) as a PDF: landscape A4, the eleven columns, every cell printed in full. Text wraps
 * inside its cell and the row grows to the tallest cell; headers wrap the same way; a row that does not fit on the
 * page starts the next one, under the headers again. Noto Sans (with Devanagari) is embedded, so names in Hindi print
 * as written rather than as '?'.
 */
import { PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { COLOURS, drawTextLine, embedFonts, wrapText } from '../sealing/fonts.ts';

export type RegisterPdfColumn = { header: string; width: number };

export type RegisterPdfInput = {
  /** The file's title (document properties). */
  documentTitle: string;
  /** The heading printed on every page. */
  title: string;
  subtitle: string;
  emptyText: string;
  columns: readonly RegisterPdfColumn[];
  rows: ReadonlyArray<readonly string[]>;
};

const PAGE: [number, number] = [842, 595];
const MARGIN = 24;
const TEXT = { size: 7, lineHeight: 8.6 };
const PAD = 2.5;

type Cell = { lines: string[]; height: number };

function layoutRow(cells: readonly string[], columns: readonly RegisterPdfColumn[], font: PDFFont): Cell[] {
  return columns.map((column, i) => {
    const lines = wrapText(cells[i] ?? '', { font, size: TEXT.size, width: column.width - 2 * PAD });
    return { lines, height: lines.length * TEXT.lineHeight + 2 * PAD };
  });
}

function drawRow(
  page: PDFPage,
  options: { cells: Cell[]; columns: readonly RegisterPdfColumn[]; top: number; font: PDFFont },
) {
  const height = Math.max(...options.cells.map((c) => c.height));
  let x = MARGIN;
  options.cells.forEach((cell, i) => {
    const width = options.columns[i]?.width ?? 0;
    page.drawRectangle({
      x,
      y: options.top - height,
      width,
      height,
      borderColor: COLOURS.rule,
      borderWidth: 0.5,
    });
    cell.lines.forEach((line, n) => {
      drawTextLine(page, line, {
        x: x + PAD,
        y: options.top - PAD - n * TEXT.lineHeight - TEXT.size * 0.95,
        size: TEXT.size,
        font: options.font,
        color: COLOURS.ink,
      });
    });
    x += width;
  });
  return options.top - height;
}

export async function renderRegisterPdf(input: RegisterPdfInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.documentTitle);
  pdf.setCreator('Mohar');
  const fonts = await embedFonts(pdf);
  const headerCells = layoutRow(
    input.columns.map((c) => c.header),
    input.columns,
    fonts.bold,
  );
  let page: PDFPage;
  let y = 0;
  let isPageEmpty = true;
  const newPage = () => {
    isPageEmpty = true;
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    drawTextLine(page, input.title, { x: MARGIN, y: y - 10, size: 11, font: fonts.bold, color: COLOURS.ink });
    drawTextLine(page, input.subtitle, {
      x: MARGIN,
      y: y - 24,
      size: 8,
      font: fonts.regular,
      color: COLOURS.muted,
    });
    y = drawRow(page, { cells: headerCells, columns: input.columns, top: y - 32, font: fonts.bold });
  };
  newPage();
  if (input.rows.length === 0)
    drawTextLine(page!, input.emptyText, { x: MARGIN, y: y - 14, size: 9, font: fonts.regular });
  for (const row of input.rows) {
    const cells = layoutRow(row, input.columns, fonts.regular);
    const height = Math.max(...cells.map((c) => c.height));
    // A row is never split across pages; the first row of a page is drawn whatever its height.
    if (y - height < MARGIN && !isPageEmpty) newPage();
    y = drawRow(page!, { cells, columns: input.columns, top: y, font: fonts.regular });
    isPageEmpty = false;
  }
  return Buffer.from(await pdf.save());
}
