// The document check's worker (document-check.ts starts it for each file): pdf-lib parses the upload here, in a thread
// with a heap limit that dies after one file, never in the request's thread.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFParser,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib';
import { type Finding, WORKER_MARKER, type WorkerRequest } from './document-check.ts';

// Object and cross-reference streams are the only streams pdf-lib inflates while parsing. Real ones hold small
// dictionaries; a "zip bomb" holds gigabytes of zeros. The cap is counted before pdf-lib inflates each one.
const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

/** A parser that also keeps every version of every object (see `findActiveContent`) and caps inflation. */
class BoundedPdfParser extends PDFParser {
  readonly definitions: PDFObject[] = [];
  isTooComplex = false;
  private inflatedBytes = 0;

  constructor(bytes: Uint8Array) {
    // Positional: objects per tick, throw on an invalid object, warn about one, cap numbers. An unreadable object is
    // kept (see `findActiveContentInRawObject`); a number too large for readers is capped, as they do.
    super(bytes, Number.POSITIVE_INFINITY, false, false, true);
    const assign = this.context.assign.bind(this.context);
    this.context.assign = (ref, object) => {
      this.definitions.push(object);
      assign(ref, object);
    };
  }

  override parseObject(): PDFObject {
    const object = super.parseObject();
    if (object instanceof PDFRawStream && isInflatedWhileParsing(object)) {
      this.inflatedBytes += measureInflatedLength(object, MAX_INFLATED_BYTES - this.inflatedBytes + 1);
      if (this.inflatedBytes > MAX_INFLATED_BYTES) {
        this.isTooComplex = true;
        throw new Error('Object streams inflate past the cap');
      }
    }
    return object;
  }
}

// The same test pdf-lib's parser applies before it inflates a stream.
function isInflatedWhileParsing(stream: PDFRawStream): boolean {
  const type = stream.dict.lookup(PDFName.of('Type'));
  return type === PDFName.of('ObjStm') || type === PDFName.of('XRef');
}

function measureInflatedLength(stream: PDFRawStream, limit: number): number {
  const decoded = decodePDFRawStream(stream);
  let length = 0;
  while (length < limit) {
    const chunk = decoded.getBytes(64 * 1024);
    if (chunk.length === 0) break;
    length += chunk.length;
  }
  return length;
}

async function inspectPdf(bytes: Uint8Array): Promise<Finding> {
  const parser = new BoundedPdfParser(bytes);
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
  } catch {
    const isEncrypted = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt');
    return { kind: isEncrypted ? 'encrypted' : 'damaged' };
  }
  try {
    if (context.trailerInfo.Encrypt !== undefined) return { kind: 'encrypted' };
    if (parser.isTooComplex) return { kind: 'too_complex' };
    const catalog = context.lookup(context.trailerInfo.Root);
    if (!(catalog instanceof PDFDict)) return { kind: 'damaged' };
    const pages = countPages(context, catalog);
    if (pages === undefined) return { kind: 'damaged' };
    if (pages === 0) return { kind: 'no_pages' };
    const activeContent = findActiveContent(parser.definitions);
    if (activeContent) return { kind: activeContent };
    return { kind: 'readable', pages };
  } catch {
    return { kind: 'damaged' };
  }
}

/**
 * Counts the leaves of the page tree, as a reader would. `undefined` when the tree is not a tree (a loop, a
 * shared node, a kid that is not a dictionary) or disagrees with its own `/Count`: pdf-lib recovers what it can
 * from a damaged file, so a file cut short can still parse, but its page tree rarely adds up.
 */
function countPages(context: PDFContext, catalog: PDFDict): number | undefined {
  const root = context.lookup(catalog.get(PDFName.of('Pages')));
  if (!(root instanceof PDFDict)) return undefined;
  const declared = context.lookup(root.get(PDFName.of('Count')));
  if (!(declared instanceof PDFNumber)) return undefined;

  let pages = 0;
  const visited = new Set<PDFDict>();
  const pending: PDFDict[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (visited.has(node)) return undefined;
    visited.add(node);
    const kids = context.lookup(node.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) {
      for (const kid of kids.asArray()) {
        const child = context.lookup(kid);
        if (!(child instanceof PDFDict)) return undefined;
        pending.push(child);
      }
      continue;
    }
    if (kids !== undefined) return undefined;
    const type = context.lookup(node.get(PDFName.of('Type')));
    if (type === undefined || type === PDFName.of('Page')) pages += 1;
    else if (type !== PDFName.of('Pages')) return undefined;
  }
  return pages === declared.asNumber() ? pages : undefined;
}

type ActiveContent = 'javascript' | 'launch' | 'xfa';

/**
 * Looks for anything a reader could execute, in every object the file defines, including objects inside
 * (compressed) object streams and older versions of objects that a later update replaced: a crafted
 * cross-reference table can make a reader use one of those, while pdf-lib keeps only the last.
 */
function findActiveContent(definitions: PDFObject[]): ActiveContent | 'too_complex' | undefined {
  const pending: PDFObject[] = [...definitions];
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const keyName = nameOf(key);
        if (keyName === 'JS' || keyName === 'JavaScript') return 'javascript';
        if (keyName === 'XFA') return 'xfa';
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      for (const element of object.asArray()) pending.push(element);
    } else if (object instanceof PDFName) {
      const name = nameOf(object);
      if (name === 'JavaScript') return 'javascript';
      if (name === 'Launch') return 'launch';
    } else if (object instanceof PDFInvalidObject) {
      const found = findActiveContentInRawObject(object);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * pdf-lib keeps an object it cannot parse as raw bytes, yet a more forgiving reader may still run it, so its
 * names are read from the text. An object stream that cannot be read hides every object in it: refuse that too.
 */
function findActiveContentInRawObject(object: PDFInvalidObject): ActiveContent | 'too_complex' | undefined {
  const raw = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(raw, 0);
  const text = Buffer.from(raw).toString('latin1');
  for (const match of text.matchAll(/\/([^\s/[\]()<>{}%]*)/g)) {
    const name = decodeNameEscapes(match[1] ?? '');
    if (name === 'JS' || name === 'JavaScript') return 'javascript';
    if (name === 'Launch') return 'launch';
    if (name === 'XFA') return 'xfa';
    if (name === 'ObjStm') return 'too_complex';
  }
  return undefined;
}

// Readers read `/#4aavaScript` as `/JavaScript`. pdf-lib 1.17 decoded only upper-case `#xx` escapes; @cantoo/pdf-lib
// decodes both, and decoding here again keeps the check independent of the parser's version.
function nameOf(name: PDFName): string {
  const encoded = name.asString();
  return encoded.includes('#') ? decodeNameEscapes(name.decodeText()) : encoded.slice(1);
}

function decodeNameEscapes(name: string): string {
  return name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

if (!isMainThread && (workerData as Partial<WorkerRequest> | null)?.marker === WORKER_MARKER) {
  // pdf-lib reports every object it cannot read through console.warn; a hostile file could flood the log.
  console.warn = () => undefined;
  const { bytes } = workerData as WorkerRequest;
  void inspectPdf(bytes)
    .catch((): Finding => ({ kind: 'damaged' }))
    .then((finding) => parentPort?.postMessage(finding));
}
