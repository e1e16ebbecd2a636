// A phone writes where a video was filmed into the MP4 file (Android: a ©xyz box in moov/udta;
// 3GPP: loci; Apple: moov/meta; others: an XMP box), so a success story filmed at a learner's home
// would carry its position. The server has no video tools to re-encode, but none is needed: those
// boxes are user metadata that no player needs, and each is turned in place into a `free` box of
// the same size with its content zeroed. Offsets in the file stay valid and nothing else changes.
//
// Walking the boxes also shows whether the file is whole: a cut-off upload has a box that runs past
// the end of the file, or no moov box (which tells a player where the frames are).
import fsp, { type FileHandle } from 'node:fs/promises';
import { UploadRefusedError } from './upload-refused';

// Boxes holding only user metadata, removed wherever they appear at the top, in moov or in a track.
const METADATA_BOXES = new Set(['udta', 'meta', 'loci', '©xyz']);
// XMP metadata (which can hold GPS) in a uuid box.
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

const incomplete = () =>
  new UploadRefusedError(
    'uploadDamaged',
    'The video could not be read: the file is incomplete or damaged. Save or export it again and upload the new file.',
  );

/** The box starting at offset in a buffer, or undefined when the header runs past its end. */
function boxIn(buffer: Buffer, offset: number, end: number): Box | undefined {
  if (offset + 8 > end) return undefined;
  let size = buffer.readUInt32BE(offset);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return undefined;
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) return undefined;
  return { type: buffer.toString('latin1', offset + 4, offset + 8), start: offset, headerSize, end: offset + size };
}

function isMetadata(buffer: Buffer, box: Box): boolean {
  if (METADATA_BOXES.has(box.type)) return true;
  return (
    box.type === 'uuid' && buffer.subarray(box.start + box.headerSize, box.start + box.headerSize + 16).equals(XMP_UUID)
  );
}

/** Turns the metadata boxes inside moov (and its tracks) into free boxes; true when any was. */
function clearInMoov(moov: Buffer, from: number, to: number): boolean {
  let changed = false;
  for (let offset = from; offset < to;) {
    const box = boxIn(moov, offset, to);
    if (!box) throw incomplete();
    if (isMetadata(moov, box)) {
      moov.write('free', box.start + 4, 'latin1');
      moov.fill(0, box.start + box.headerSize, box.end);
      changed = true;
    } else if (box.type === 'trak') {
      changed = clearInMoov(moov, box.start + box.headerSize, box.end) || changed;
    }
    offset = box.end;
  }
  return changed;
}

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Removes location and other user metadata from the MP4 file at this path, in place, and refuses
 * a file that is cut off. True when the file was changed.
 */
export async function removeMp4Metadata(path: string): Promise<boolean> {
  const file = await fsp.open(path, 'r+');
  try {
    const { size } = await file.stat();
    let changed = false;
    let sawMoov = false;
    for (let offset = 0; offset < size;) {
      // A box's header, and for a uuid box the 16 bytes of its id; the box itself may be gigabytes.
      const start = await read(file, offset, 32);
      if (start.length < 8) throw incomplete();
      const declared = start.readUInt32BE(0);
      const headerSize = declared === 1 ? 16 : 8;
      if (start.length < headerSize) throw incomplete();
      const length = declared === 1 ? Number(start.readBigUInt64BE(8)) : declared === 0 ? size - offset : declared;
      if (length < headerSize || offset + length > size) throw incomplete();
      // Positions relative to `start`, which holds the header (and a uuid box's id).
      const box: Box = { type: start.toString('latin1', 4, 8), start: 0, headerSize, end: length };
      if (box.type === 'moov') {
        sawMoov = true;
        const moov = await read(file, offset, length);
        if (clearInMoov(moov, headerSize, moov.length)) {
          await file.write(moov, 0, moov.length, offset);
          changed = true;
        }
      } else if (isMetadata(start, box)) {
        await file.write(Buffer.from('free', 'latin1'), 0, 4, offset + 4);
        // Zeroed in pieces: a metadata box is small, but its size comes from the upload.
        const zeros = Buffer.alloc(Math.min(length - headerSize, 1024 * 1024));
        for (let at = offset + headerSize; at < offset + length; at += zeros.length) {
          await file.write(zeros, 0, Math.min(zeros.length, offset + length - at), at);
        }
        changed = true;
      }
      offset += length;
    }
    if (!sawMoov) throw incomplete();
    return changed;
  } finally {
    await file.close();
  }
}
