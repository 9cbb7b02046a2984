/**
 * The empty signature that @signpdf/signpdf fills in: a signature dictionary with a /ByteRange and a /Contents
 * placeholder, an invisible widget on the first page and the AcroForm field that points at it.
 *
 * This is @signpdf/placeholder-pdf-lib 3.3.0's `pdflibAddPlaceholder` (MIT), written against @cantoo/pdf-lib: that
 * package requires the original `pdf-lib`, and PDF objects cannot cross between two pdf-lib copies (names are pooled
 * per copy and types are checked with `instanceof`). The fork's README gives the same recipe. See
 * docs/decisions/0013-pdf-stack.md.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFString,
} from '@cantoo/pdf-lib';
import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER, SIG_FLAGS } from '@signpdf/utils';

export type SignaturePlaceholderOptions = {
  pdfDoc: PDFDocument;
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
  /** Hex digits reserved in /Contents: two per byte of the CMS that will go there. */
  signatureLength: number;
  subFilter: string;
  appName: string;
};

export function addSignaturePlaceholder(options: SignaturePlaceholderOptions): void {
  const { pdfDoc } = options;
  const { context } = pdfDoc;
  const page = pdfDoc.getPage(0);

  // @signpdf/signpdf finds the ByteRange by these placeholder names and overwrites them in place.
  const byteRange = PDFArray.withContext(context);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));

  const signatureDict = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: options.subFilter,
    ByteRange: byteRange,
    // Key order matters: @signpdf/signpdf takes the first /Contents after the ByteRange.
    Contents: PDFHexString.of(String.fromCharCode(0).repeat(options.signatureLength)),
    Reason: PDFString.of(options.reason),
    M: PDFString.fromDate(options.signingTime),
    ContactInfo: PDFString.of(options.contactInfo),
    Name: PDFString.of(options.name),
    Location: PDFString.of(options.location),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: options.appName } },
  });
  // Written as raw bytes so the dictionary never goes into an object stream, where the signer could not find it.
  const signatureBytes = new Uint8Array(signatureDict.sizeInBytes());
  signatureDict.copyBytesInto(signatureBytes, 0);
  const signatureRef = context.register(PDFInvalidObject.of(signatureBytes));

  const widgetRect = [0, 0, 0, 0];
  // An appearance stream, even for an invisible widget, is required by PDF/A; empty /Resources avoids an Acrobat bug.
  const appearance = context.formXObject([], { BBox: widgetRect, Resources: {} });
  const widgetRef = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: widgetRect,
      V: signatureRef,
      T: PDFString.of('Signature1'),
      F: ANNOTATION_FLAGS.PRINT,
      P: page.ref,
      AP: { N: context.register(appearance) },
    }),
  );

  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? context.obj([]);
  annotations.push(widgetRef);
  page.node.set(PDFName.of('Annots'), annotations);

  const catalog = pdfDoc.catalog;
  let acroForm = catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] });
    catalog.set(PDFName.of('AcroForm'), context.register(acroForm));
  }
  const flags = acroForm.lookupMaybe(PDFName.of('SigFlags'), PDFNumber)?.asNumber() ?? 0;
  acroForm.set(
    PDFName.of('SigFlags'),
    PDFNumber.of(flags | SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY),
  );
  const fields = acroForm.lookup(PDFName.of('Fields'));
  if (fields instanceof PDFArray) fields.push(widgetRef);
  else acroForm.set(PDFName.of('Fields'), context.obj([widgetRef]));
}
