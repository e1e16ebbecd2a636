// Text shaping for the certificate: HarfBuzz (the shaper of Chrome, Android and LibreOffice, here as
// WASM) decides which glyphs to draw and where; PDFKit still embeds and subsets the font and writes
// the glyphs as real text. PDFKit would otherwise shape with fontkit, whose Indic shaper picks the
// wrong contextual forms in Telugu (docs/decisions/0005-certificate-fonts-and-shaping.md).
import * as hb from 'harfbuzzjs';

/** The parts of a fontkit font (as held by PDFKit) that shaping needs. */
export interface FontkitFont {
  unitsPerEm: number;
  layout(text: string, features?: unknown): LayoutRun;
  getGlyph(id: number, codePoints?: number[]): FontkitGlyph;
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

export interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** The shape of fontkit's GlyphRun that PDFKit reads. */
export interface LayoutRun {
  glyphs: FontkitGlyph[];
  positions: GlyphPosition[];
  readonly advanceWidth: number;
}

export interface ShapedGlyph {
  id: number;
  /** Index, in code points, of the first character of the glyph's cluster. */
  cluster: number;
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

const hbFonts = new Map<string, hb.Font>();

function hbFont(key: string, data: Uint8Array): hb.Font {
  let font = hbFonts.get(key);
  if (!font) {
    font = new hb.Font(new hb.Face(new hb.Blob(data)));
    hbFonts.set(key, font);
  }
  return font;
}

/** Shapes one text with HarfBuzz; positions are in font units. `language` is a BCP 47 code. */
export function shape(fontKey: string, fontData: Uint8Array, text: string, language?: string): ShapedGlyph[] {
  const font = hbFont(fontKey, fontData);
  const buffer = new hb.Buffer();
  buffer.addCodePoints(Array.from(text, (c) => c.codePointAt(0)!));
  // Marathi and Hindi share a script but not every form (the eyelash ra, for one): the language
  // lets HarfBuzz apply the font's language-specific forms.
  if (language) buffer.setLanguage(language);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  return infos.map((info, i) => ({ id: info.codepoint, cluster: info.cluster, ...positions[i]! }));
}

/**
 * Which characters each glyph stands for, for the PDF's text layer (copy, search, screen readers).
 * A glyph that is the font's own glyph for a character of its cluster stands for that character; the
 * first other glyph of a cluster (a conjunct, a ligature) takes the characters left over.
 */
function codePointsOf(font: FontkitFont, codePoints: number[], glyphs: ShapedGlyph[]): number[][] {
  const clusterEnds = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const result: number[][] = glyphs.map(() => []);
  for (const [k, start] of clusterEnds.entries()) {
    const end = clusterEnds[k + 1] ?? codePoints.length;
    const members = glyphs.map((g, i) => (g.cluster === start ? i : -1)).filter((i) => i >= 0);
    const left = codePoints.slice(start, end);
    for (const i of members) {
      const at = left.findIndex(
        (cp) => font.hasGlyphForCodePoint(cp) && font.glyphForCodePoint(cp).id === glyphs[i]!.id,
      );
      if (at >= 0) result[i] = left.splice(at, 1);
    }
    const taker = members.find((i) => result[i]!.length === 0);
    if (taker !== undefined) result[taker] = left.splice(0);
    else if (left.length > 0 && members.length > 0) result[members[0]!]!.push(...left.splice(0));
  }
  return result;
}

/**
 * Makes a fontkit font lay text out with HarfBuzz. PDFKit calls `font.layout(text)` for every word
 * it draws or measures, and reads glyph ids, advances, offsets and code points from the run.
 */
export function useHarfBuzz(
  font: FontkitFont,
  fontKey: string,
  fontData: Uint8Array,
  language: () => string | undefined,
): void {
  font.layout = (text: string): LayoutRun => {
    const codePoints = Array.from(text, (c) => c.codePointAt(0)!);
    const shaped = shape(fontKey, fontData, text, language());
    const texts = codePointsOf(font, codePoints, shaped);
    const glyphs = shaped.map((g, i) => font.getGlyph(g.id, texts[i]));
    const positions = shaped.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return {
      glyphs,
      positions,
      // PDFKit scales the positions in place after layout, so the width is summed when read.
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
}
