import { Readable, Transform } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of an archive; `open` is called only when its turn comes, so one file at a time is read. */
export type ZipEntry = { name: string; open: () => Promise<Readable | Buffer> };

const LIMIT = 0xffff_fffe;

function dosDateTime(at: Date) {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/**
 * A ZIP archive written as it goes (deflate, sizes in a data descriptor after each file), so an archive of many
 * documents never sits whole in memory: each file is read, compressed and passed on in chunks. No ZIP64: an archive
 * past 4 GB is refused (a person's papers are far smaller). Names are UTF-8 (flag bit 11).
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, at = new Date()) {
  const { time, date } = dosDateTime(at);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes are 0 here: they follow the data, in the descriptor.
    local.writeUInt16LE(name.length, 26);
    const headerAt = offset;
    yield Buffer.concat([local, name]);
    offset += 30 + name.length;

    const counted = { crc: 0, size: 0 };
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counted.crc = crc32(chunk, counted.crc);
        counted.size += chunk.length;
        done(null, chunk);
      },
    });
    const opened = await entry.open();
    const source = Buffer.isBuffer(opened) ? Readable.from([opened]) : opened;
    const deflate = createDeflateRaw();
    source.on('error', (error) => deflate.destroy(error));
    counter.on('error', (error) => deflate.destroy(error));
    let compressed = 0;
    for await (const chunk of source.pipe(counter).pipe(deflate) as AsyncIterable<Buffer>) {
      compressed += chunk.length;
      yield chunk;
    }
    offset += compressed;
    if (offset > LIMIT || counted.size > LIMIT) throw new Error('archive too large for ZIP without ZIP64');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(counted.crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(counted.size, 12);
    yield descriptor;
    offset += 16;

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(counted.crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(counted.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(headerAt, 42);
    central.push(header, name);
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
