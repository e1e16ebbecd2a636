// Which format a file is, from its first bytes only: never from its name or the type the browser
// claimed. Eight signatures are all the programme accepts (contract/media-rules.ts), so they are read here
// directly rather than through a general detector of hundreds of formats (ADR 15 says why).
import type { FileFormat } from '../../../contract/media-rules';

/** How many leading bytes sniffFormat needs to see. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

// ISO base media brands that browsers play as MP4 (QuickTime's "qt  " and 3GPP are not among them).
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'mmp4',
  'MSNV',
]);

function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
  if (boxSize < 16 || boxSize > 512 || boxSize % 4 !== 0) return false;
  if (ascii(bytes, 8, 12) === 'qt  ') return false;
  // The major brand, then the compatible brands (skipping the 4-byte minor version).
  const end = Math.min(boxSize, bytes.length);
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (MP4_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  }
  return false;
}

function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  // The EBML header names its document type: element 0x4282, a one-byte size, then "webm"
  // (Matroska files say "matroska", and browsers do not promise to play them).
  const end = Math.min(bytes.length - 6, 64);
  for (let i = 4; i < end; i++) {
    if (bytes[i] === 0x42 && bytes[i + 1] === 0x82 && bytes[i + 2] === 0x84)
      return ascii(bytes, i + 3, i + 7) === 'webm';
  }
  return false;
}

// An SVG file is text whose first element is <svg>, after an optional byte-order mark, XML
// declaration, comments and document type. Anything else before it (a PHP or HTML opening, another
// processing instruction) means it is not one.
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml\s[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg\b(?:[^>[]|\[[^\]]*\])*>)\s*)*<svg[\s>/]/;

function isSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, SNIFF_BYTES));
  return SVG_START.test(text);
}

/** The format of a file from its first SNIFF_BYTES bytes, or undefined for anything not accepted. */
export function sniffFormat(head: Uint8Array): FileFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (isMp4(head)) return 'mp4';
  if (isWebm(head)) return 'webm';
  if (isSvg(head)) return 'svg';
  return undefined;
}
