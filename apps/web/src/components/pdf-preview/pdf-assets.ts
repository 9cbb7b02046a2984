import foxitDingbats from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import foxitFixed from 'pdfjs-dist/standard_fonts/FoxitFixed.pfb?url';
import foxitFixedBold from 'pdfjs-dist/standard_fonts/FoxitFixedBold.pfb?url';
import foxitFixedBoldItalic from 'pdfjs-dist/standard_fonts/FoxitFixedBoldItalic.pfb?url';
import foxitFixedItalic from 'pdfjs-dist/standard_fonts/FoxitFixedItalic.pfb?url';
import foxitSerif from 'pdfjs-dist/standard_fonts/FoxitSerif.pfb?url';
import foxitSerifBold from 'pdfjs-dist/standard_fonts/FoxitSerifBold.pfb?url';
import foxitSerifBoldItalic from 'pdfjs-dist/standard_fonts/FoxitSerifBoldItalic.pfb?url';
import foxitSerifItalic from 'pdfjs-dist/standard_fonts/FoxitSerifItalic.pfb?url';
import foxitSymbol from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';
import liberationSansBold from 'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf?url';
import liberationSansBoldItalic from 'pdfjs-dist/standard_fonts/LiberationSans-BoldItalic.ttf?url';
import liberationSansItalic from 'pdfjs-dist/standard_fonts/LiberationSans-Italic.ttf?url';
import liberationSansRegular from 'pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf?url';
import jbig2Wasm from 'pdfjs-dist/wasm/jbig2.wasm?url';
import openjpegWasm from 'pdfjs-dist/wasm/openjpeg.wasm?url';

/**
 * pdf.js asks for its data files by name under a base URL; Vite gives each a content-hashed name under /assets.
 * This table maps one to the other, so every file comes from our own origin and nothing from a CDN. The files are
 * fetched only when a PDF needs them.
 *
 * - Standard fonts: the 14 fonts a PDF may use without embedding them (Helvetica, Times, Courier…). Drawing them
 *   from these files, not from whatever the device has installed, keeps text legible and spaced as the author saw it.
 * - Wasm decoders: CCITT fax and JBIG2 (black-and-white scans: most scanned affidavits) and JPEG 2000. pdf.js 6
 *   has no other way to decode these reachable from a bundle, so without them a scanned page would be blank.
 * - Built-in CMaps are not shipped: only CJK text in fonts that are not embedded needs them (Indian-language PDFs
 *   embed their fonts with Identity encodings); such text would be missing while the rest of the page still draws.
 */
const FILES: Record<'standardFontDataUrl' | 'wasmUrl', Record<string, string>> = {
  standardFontDataUrl: {
    'FoxitDingbats.pfb': foxitDingbats,
    'FoxitFixed.pfb': foxitFixed,
    'FoxitFixedBold.pfb': foxitFixedBold,
    'FoxitFixedBoldItalic.pfb': foxitFixedBoldItalic,
    'FoxitFixedItalic.pfb': foxitFixedItalic,
    'FoxitSerif.pfb': foxitSerif,
    'FoxitSerifBold.pfb': foxitSerifBold,
    'FoxitSerifBoldItalic.pfb': foxitSerifBoldItalic,
    'FoxitSerifItalic.pfb': foxitSerifItalic,
    'FoxitSymbol.pfb': foxitSymbol,
    'LiberationSans-Bold.ttf': liberationSansBold,
    'LiberationSans-BoldItalic.ttf': liberationSansBoldItalic,
    'LiberationSans-Italic.ttf': liberationSansItalic,
    'LiberationSans-Regular.ttf': liberationSansRegular,
  },
  wasmUrl: {
    'jbig2.wasm': jbig2Wasm,
    'openjpeg.wasm': openjpegWasm,
  },
};

/**
 * pdf.js's `BinaryDataFactory`: with `useWorkerFetch: false` the worker asks the page for each data file by kind
 * and name, and this answers from the bundled files above.
 */
export class BundledDataFactory {
  async fetch(request: { kind: string; filename: string }): Promise<Uint8Array> {
    const table = FILES[request.kind as keyof typeof FILES] as Record<string, string> | undefined;
    const url = table?.[request.filename];
    if (!url) throw new Error(`No bundled pdf.js file for ${request.kind} ${request.filename}`);
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
