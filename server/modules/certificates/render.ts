// Draws the certificate: an A4 landscape PDF with the learner's name, the course title in the
// course's language, the completion date written for that language, the certificate number and a QR
// code to the public verification page. Its own words are in the course's language too (labels.ts).
// Each text is drawn in the Noto font of its script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { LANGUAGES, type LanguageCode, type Script } from '../../../contract/languages';
import { projectRoot } from '../../lib/project-root';
import { CERTIFICATE_LABELS } from './labels';
import { splitByScript } from './script';
import { useHarfBuzz, type FontkitFont } from './shaping';

export interface CertificateContent {
  learnerName: string;
  courseTitle: string;
  lang: LanguageCode;
  completedAt: Date;
  /** The date of the correction of a reissued certificate (ADR 20); none on a first issue. */
  reissuedAt?: Date | null;
  number: string;
  verifyUrl: string;
}

export const PROGRAMME_NAME = 'JGK';

export type Weight = 'regular' | 'bold';

export const FONT_DIR = path.join(projectRoot(fileURLToPath(import.meta.url)), 'server/modules/certificates/fonts');

const FONT_FAMILY: Record<Script, string> = {
  Latin: 'NotoSans',
  Devanagari: 'NotoSansDevanagari',
  Bengali: 'NotoSansBengali',
  Gujarati: 'NotoSansGujarati',
  Kannada: 'NotoSansKannada',
  Malayalam: 'NotoSansMalayalam',
  Oriya: 'NotoSansOriya',
  Tamil: 'NotoSansTamil',
  Telugu: 'NotoSansTelugu',
};
/** Latin headings are set in a serif for a more formal look; other scripts' in their bold Noto Sans. */
const HEADING_FONT = 'NotoSerif-Bold';

const fontFiles = new Map<string, Buffer>();

/** Font files are read once per process and shared by every certificate. */
function fontData(file: string): Buffer {
  let data = fontFiles.get(file);
  if (!data) {
    data = fs.readFileSync(path.join(FONT_DIR, `${file}.ttf`));
    fontFiles.set(file, data);
  }
  return data;
}

export function fontFile(script: Script, weight: Weight): string {
  return `${FONT_FAMILY[script]}-${weight === 'bold' ? 'Bold' : 'Regular'}`;
}

const COLOURS = { ink: '#1f2933', muted: '#52606d', navy: '#1d3557', gold: '#b08d3c', paper: '#fffdf7' };

/** The completion date as a reader of the course's language writes it (digits and month name). */
export function formatCompletionDate(date: Date, lang: LanguageCode): string {
  // Indian English writes "14 March 2026"; every course language is read in India.
  return new Intl.DateTimeFormat(`${LANGUAGES[lang].bcp47}-IN`, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
    date,
  );
}

interface TextStyle {
  size: number;
  weight?: Weight;
  colour?: string;
  /** BCP 47 language of the text, when known, for language-specific letter forms. */
  language?: string;
  /** Force one font (the Latin headings); otherwise chosen per run by script. */
  font?: string;
}

interface MeasuredRun {
  font: string;
  text: string;
  width: number;
}

/** Wraps PDFKit so every text goes through per-script font choice and HarfBuzz shaping. */
class CertificateWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly shaped = new WeakSet<object>();
  private language: string | undefined;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  private useFont(file: string): void {
    this.doc.font(file);
    // PDFKit keeps the fontkit font of the current font here; it is not part of its typed API.
    const embedded = (this.doc as unknown as { _font: { font: FontkitFont } })._font;
    if (!this.shaped.has(embedded.font)) {
      useHarfBuzz(embedded.font, file, fontData(file), () => this.language);
      this.shaped.add(embedded.font);
    }
  }

  registerFonts(files: Iterable<string>): void {
    for (const file of files) this.doc.registerFont(file, fontData(file));
  }

  private runs(text: string, style: TextStyle): MeasuredRun[] {
    const weight = style.weight ?? 'regular';
    const parts = style.font
      ? [{ font: style.font, text }]
      : splitByScript(text, (script, codePoint) => this.covers(fontFile(script, weight), codePoint)).map((run) => ({
          font: fontFile(run.script, weight),
          text: run.text,
        }));
    this.language = style.language;
    return parts.map((part) => {
      this.useFont(part.font);
      return { ...part, width: this.doc.fontSize(style.size).widthOfString(part.text) };
    });
  }

  private covers(file: string, codePoint: number): boolean {
    this.useFont(file);
    return (this.doc as unknown as { _font: { font: FontkitFont } })._font.font.hasGlyphForCodePoint(codePoint);
  }

  width(text: string, style: TextStyle): number {
    return this.runs(text, style).reduce((sum, run) => sum + run.width, 0);
  }

  /** Draws one line centred on `centreX` with its baseline at `baseline`. */
  line(text: string, centreX: number, baseline: number, style: TextStyle): void {
    const runs = this.runs(text, style);
    let x = centreX - runs.reduce((sum, run) => sum + run.width, 0) / 2;
    this.doc.fillColor(style.colour ?? COLOURS.ink);
    for (const run of runs) {
      this.useFont(run.font);
      this.doc.fontSize(style.size);
      // PDFKit places a text by the top of its line box; fonts differ in ascent, so each run is
      // placed from the shared baseline to keep mixed-script lines level.
      const ascent = ((this.doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * style.size;
      // Glyphs of Indic text are in visual order (a pre-base vowel sign first), so the run's own
      // characters go along as ActualText: copying, search and screen readers get the real text.
      this.doc.markContent('Span', { actual: run.text, ...(style.language ? { lang: style.language } : {}) });
      this.doc.text(run.text, x, baseline - ascent, { lineBreak: false });
      this.doc.endMarkedContent();
      x += run.width;
    }
  }

  /**
   * Draws a text centred in `maxWidth`, shrinking it (down to `minSize`) and then wrapping it on
   * words, so a long name or several course titles still fit. Returns the baseline of the last line.
   */
  block(
    text: string,
    centreX: number,
    firstBaseline: number,
    maxWidth: number,
    style: TextStyle,
    minSize: number,
    maxLines: number,
  ): number {
    // First a little smaller on one line, then wrapped, then smaller again only if the lines run out.
    let size = style.size;
    const comfortable = Math.max(minSize, size * 0.8);
    while (size > comfortable && this.width(text, { ...style, size }) > maxWidth)
      size = Math.max(comfortable, size * 0.92);
    let lines = this.wrap(text, maxWidth, { ...style, size });
    while (lines.length > maxLines && size > minSize) {
      size = Math.max(minSize, size * 0.92);
      lines = this.wrap(text, maxWidth, { ...style, size });
    }
    if (lines.length > maxLines) lines = [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')];
    // A line that still does not fit (one very long word) is made smaller still, never cut.
    const widest = Math.max(...lines.map((line) => this.width(line, { ...style, size })));
    if (widest > maxWidth) size *= maxWidth / widest;
    const leading = size * 1.35;
    let baseline = firstBaseline;
    for (const [i, line] of lines.entries()) {
      baseline = firstBaseline + i * leading;
      this.line(line, centreX, baseline, { ...style, size });
    }
    return baseline;
  }

  private wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.width(candidate, style) > maxWidth) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [''];
  }
}

function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save().fillColor('#000000');
  // Vector squares, one rectangle per horizontal stretch of dark modules: sharp at any zoom or
  // print size, and a few hundred bytes.
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill().restore();
}

function drawFrame(doc: PDFKit.PDFDocument, width: number, height: number): void {
  doc.rect(0, 0, width, height).fill(COLOURS.paper);
  doc
    .lineWidth(6)
    .strokeColor(COLOURS.navy)
    .rect(22, 22, width - 44, height - 44)
    .stroke();
  doc
    .lineWidth(1.2)
    .strokeColor(COLOURS.gold)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  // Small gold squares at the inner corners.
  for (const [cx, cy] of [
    [32, 32],
    [width - 32, 32],
    [32, height - 32],
    [width - 32, height - 32],
  ] as const) {
    doc.rect(cx - 4, cy - 4, 8, 8).fill(COLOURS.gold);
  }
}

function rule(doc: PDFKit.PDFDocument, centreX: number, y: number, halfWidth: number, colour: string): void {
  doc
    .save()
    .lineWidth(0.8)
    .strokeColor(colour)
    .moveTo(centreX - halfWidth, y)
    .lineTo(centreX + halfWidth, y)
    .stroke()
    .restore();
}

export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    // No default font: every text is drawn with an embedded Noto font.
    font: null as unknown as string,
    // The same word may be shaped differently in another language (Marathi and Hindi forms).
    fontLayoutCache: false,
    lang: LANGUAGES[content.lang].bcp47,
    info: {
      Title: `${CERTIFICATE_LABELS[content.lang].title} ${content.number}`,
      Author: PROGRAMME_NAME,
      Subject: content.courseTitle,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const w = new CertificateWriter(doc);
  const scripts = Object.keys(FONT_FAMILY) as Script[];
  w.registerFonts([HEADING_FONT, ...scripts.flatMap((s) => [fontFile(s, 'regular'), fontFile(s, 'bold')])]);

  const width = doc.page.width;
  const height = doc.page.height;
  const centre = width / 2;
  const bcp47 = LANGUAGES[content.lang].bcp47;
  const courseScript = LANGUAGES[content.lang].script;

  drawFrame(doc, width, height);

  const labels = CERTIFICATE_LABELS[content.lang];
  const inLanguage = { language: bcp47 };
  // A heading in the course's script: the serif where it is Latin, the script's bold otherwise.
  const heading = courseScript === 'Latin' ? { font: HEADING_FONT } : { weight: 'bold' as const, ...inLanguage };

  w.line(PROGRAMME_NAME, centre, 92, { size: 26, font: HEADING_FONT, colour: COLOURS.navy });
  w.line(labels.programme.toUpperCase(), centre, 114, { size: 10, colour: COLOURS.muted, ...inLanguage });
  w.block(labels.title, centre, 168, width - 160, { size: 36, colour: COLOURS.navy, ...heading }, 24, 1);
  rule(doc, centre, 186, 120, COLOURS.gold);

  w.line(labels.certify, centre, 222, { size: 13, colour: COLOURS.muted, ...inLanguage });
  const nameScript = splitByScript(content.learnerName)[0]?.script;
  const nameBaseline = w.block(
    content.learnerName,
    centre,
    270,
    width - 200,
    { size: 34, weight: 'bold', language: nameScript === courseScript ? bcp47 : undefined },
    18,
    2,
  );
  // Below-base forms (Kannada, Telugu, Malayalam conjuncts) reach deep under the baseline.
  rule(doc, centre, nameBaseline + 24, 200, COLOURS.ink);

  w.block(
    labels.completed,
    centre,
    nameBaseline + 52,
    width - 200,
    { size: 13, colour: COLOURS.muted, ...inLanguage },
    10,
    1,
  );
  const titleBaseline = w.block(
    content.courseTitle,
    centre,
    nameBaseline + 90,
    width - 260,
    { size: 22, weight: 'bold', colour: COLOURS.navy, language: bcp47 },
    12,
    3,
  );

  w.line(labels.completedOn, centre, titleBaseline + 38, { size: 11, colour: COLOURS.muted, ...inLanguage });
  w.line(formatCompletionDate(content.completedAt, content.lang), centre, titleBaseline + 60, {
    size: 15,
    language: bcp47,
  });

  // Bottom band: the number on the left, the QR code and its link on the right.
  const bottom = height - 56;
  const left = 120;
  w.line(labels.number, left, bottom - 34, { size: 10, colour: COLOURS.muted, ...inLanguage });
  w.line(content.number, left, bottom - 16, { size: 14, weight: 'bold', colour: COLOURS.ink });
  if (content.reissuedAt) {
    // A reissue with a corrected name keeps the number; the date tells the two prints apart.
    w.line(labels.reissued(formatCompletionDate(content.reissuedAt, content.lang)), centre, bottom - 2, {
      size: 9,
      colour: COLOURS.muted,
      ...inLanguage,
    });
  }

  const qrSize = 78;
  const qrCentre = width - 130;
  drawQrCode(doc, content.verifyUrl, qrCentre - qrSize / 2, bottom - 26 - qrSize, qrSize);
  // Some languages say it in many more letters than English: it is made smaller to stay inside the frame.
  const scanSize = Math.min(8, (8 * 200) / Math.max(1, w.width(labels.scan, { size: 8, ...inLanguage })));
  w.line(labels.scan, qrCentre, bottom - 14, { size: scanSize, colour: COLOURS.muted, ...inLanguage });
  const urlSize = Math.min(8, (8 * 230) / Math.max(1, w.width(content.verifyUrl, { size: 8 })));
  w.line(
    content.verifyUrl,
    Math.min(qrCentre, width - 48 - w.width(content.verifyUrl, { size: urlSize }) / 2),
    bottom - 2,
    {
      size: urlSize,
      colour: COLOURS.navy,
    },
  );

  doc.end();
  return done;
}
