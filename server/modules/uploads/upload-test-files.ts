// Files for the uploads tests, made on the spot (no binary fixtures in the repository): photos drawn
// by sharp, hostile files written byte by byte.
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp, { type Sharp } from 'sharp';

/**
 * A photo-like picture: soft colour fields (random colours, enlarged smoothly) under fine grain,
 * which compresses as a real photo does and takes about a second to make at 12 megapixels.
 */
async function photoPipeline(width: number, height: number): Promise<Sharp> {
  const fields = await sharp({
    create: {
      width: Math.ceil(width / 64),
      height: Math.ceil(height / 64),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const tile = Math.min(256, width, height);
  const grain = await sharp({
    create: {
      width: tile,
      height: tile,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  })
    .png()
    .toBuffer();
  return sharp(fields, { raw: { width, height, channels: 3 } }).composite([
    { input: grain, tile: true, blend: 'overlay' },
  ]);
}

export async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg',
  quality = 88,
): Promise<Buffer> {
  const image = await photoPipeline(width, height);
  if (format === 'jpeg') return image.jpeg({ quality }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.gif().toBuffer();
}

/** A JPEG as a phone writes it: the camera, the owner, the time and the GPS position of where it was taken. */
export async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  const image = await photoPipeline(width, height);
  return image
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Budget 5G', Copyright: 'Kamala Devi' },
      IFD2: { DateTimeOriginal: '2026:11:02 09:41:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '13/1 4/1 5/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '80/1 16/1 12/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .toBuffer();
}

/** An animated GIF of three frames. */
export async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#c8102e', '#2b2f86', '#138808'].map((colour) =>
      sharp({ create: { width, height, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 200, loop: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A decompression bomb: a complete, valid black-and-white PNG of width x height pixels whose rows
 * of zeros deflate to a few kilobytes (10,000 x 10,000 is 100 megapixels in about 12 KB).
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // one bit per pixel
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1; // a filter byte, then the pixels
  const pixels = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF made by PDFKit, as the certificates are. */
export function pdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Savings plan for a small income');
    doc.end();
  });
}

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** An mvhd box's content, version 0: times, a time scale of 600 per second, and the duration. */
function movieHeader(durationMs: number): Buffer {
  const mvhd = Buffer.alloc(100, 1);
  mvhd.writeUInt32BE(0, 0); // version 0, no flags
  mvhd.writeUInt32BE(600, 12);
  mvhd.writeUInt32BE(Math.round((durationMs * 600) / 1000), 16);
  return mvhd;
}

export const FILMED_AT = '+13.0827+080.2707/';
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/**
 * An MP4 file as a phone writes it: ftyp with the given brands; moov with a movie header, a track
 * with its own user data, the place it was filmed (Android's ©xyz in udta) and Apple-style metadata;
 * an XMP box; then the media data.
 */
export function mp4(
  majorBrand = 'isom',
  compatible: string[] = ['isom', 'iso2', 'avc1', 'mp41'],
  mediaBytes = 2048,
  durationMs = 12_500,
): Buffer {
  const minorVersion = Buffer.from([0, 0, 2, 0]);
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(majorBrand, 'latin1'),
      minorVersion,
      ...compatible.map((brand) => Buffer.from(brand, 'latin1')),
    ]),
  );
  const place = Buffer.concat([Buffer.from([0, FILMED_AT.length, 0x15, 0xc7]), Buffer.from(FILMED_AT, 'latin1')]);
  const moov = box(
    'moov',
    Buffer.concat([
      box('mvhd', movieHeader(durationMs)),
      box(
        'trak',
        Buffer.concat([box('tkhd', Buffer.alloc(84, 2)), box('udta', box('name', Buffer.from('Camera track')))]),
      ),
      box('udta', Buffer.concat([box('\u00a9xyz', place), box('\u00a9mak', Buffer.from('PhoneMaker'))])),
      box(
        'meta',
        Buffer.concat([
          Buffer.alloc(4),
          box('keys', Buffer.from('com.apple.quicktime.location.ISO6709')),
          box('ilst', Buffer.from(FILMED_AT)),
        ]),
      ),
    ]),
  );
  const xmp = box(
    'uuid',
    Buffer.concat([XMP_UUID, Buffer.from(`<x:xmpmeta><exif:GPSLatitude>${FILMED_AT}</exif:GPSLatitude></x:xmpmeta>`)]),
  );
  return Buffer.concat([ftyp, moov, xmp, box('mdat', Buffer.alloc(mediaBytes, 7))]);
}

/** The start of a Matroska file whose EBML header names the document type (webm or matroska). */
export function ebml(docType = 'webm', mediaBytes = 2048): Buffer {
  const docTypeElement = Buffer.concat([
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
  ]);
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    docTypeElement,
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  return Buffer.concat([header, Buffer.alloc(mediaBytes, 3)]);
}

/** An EBML element: its id bytes, an 8-byte size, then its content. */
function ebmlElement(id: number[], content: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(content.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, content]);
}

/**
 * A WebM file as a browser's recorder or ffmpeg writes it: the EBML header, then a segment whose
 * information gives the time scale (1 ms) and the duration, then frames. Without a duration (a live
 * recording) the information has none.
 */
export function webm(durationMs: number | null = 8_250, mediaBytes = 2048): Buffer {
  const scale = Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]); // TimecodeScale 1,000,000 ns
  const duration = Buffer.alloc(8);
  if (durationMs !== null) duration.writeDoubleBE(durationMs);
  const info = ebmlElement(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      scale,
      durationMs === null ? Buffer.alloc(0) : Buffer.concat([Buffer.from([0x44, 0x89, 0x88]), duration]),
    ]),
  );
  const seekHead = ebmlElement([0x11, 0x4d, 0x9b, 0x74], Buffer.alloc(40, 0));
  const cluster = ebmlElement([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(mediaBytes, 3));
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    seekHead,
    info,
    cluster,
  ]);
  return Buffer.concat([ebml('webm', 0), segment]);
}

export const simpleSvg = (body = '<rect width="40" height="30" fill="#2b2f86"/>') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30">${body}</svg>`;
