import { inflateSync } from 'node:zlib';

/**
 * A WOFF (1.0) font unwrapped into the plain font file (sfnt: TrueType or OpenType) it
 * compresses: the same tables, each inflated by node's zlib. The fonts we ship come from
 * @fontsource as WOFF only, while pdfkit (receipts) and libass (burned-in captions) want, or
 * are much faster with, the plain file.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + 16 * numTables);
  let power = 1;
  let log = 0;
  while (power * 2 <= numTables) {
    power *= 2;
    log += 1;
  }
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(log, 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let index = 0; index < numTables; index += 1) {
    const entry = 44 + index * 20;
    const tableOffset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(tableOffset, tableOffset + compressed);
    const data = compressed < original ? inflateSync(raw) : raw;
    const at = 12 + index * 16;
    woff.copy(header, at, entry, entry + 4); // tag
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), at + 4); // checksum
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(original, at + 12);
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  }
  return Buffer.concat(parts);
}
