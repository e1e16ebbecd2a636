// Every letter and mark the person-name rule lets into a name (contract/person-name.ts) is one the
// certificate's font for its script can draw, in both weights: a kept name never prints as boxes.
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { Script } from '../../../contract/languages';
import { INDIC_SCRIPT_BLOCKS, personNameProblem } from '../../../contract/person-name';
import { FONT_DIR, fontFile, type Weight } from './render';
import { scriptOf } from './script';
import type { FontkitFont } from './shaping';

const doc = new PDFDocument();
const fonts = new Map<string, FontkitFont>();
function font(script: Script, weight: Weight): FontkitFont {
  const file = fontFile(script, weight);
  let found = fonts.get(file);
  if (!found) {
    doc.font(path.join(FONT_DIR, `${file}.ttf`));
    found = (doc as unknown as { _font: { font: FontkitFont } })._font.font;
    fonts.set(file, found);
  }
  return found;
}

/** A letter of each script, to carry a mark. */
const BASES: Record<Script, string> = {
  Latin: 'a',
  ...Object.fromEntries(INDIC_SCRIPT_BLOCKS.map((b) => [b.script, String.fromCodePoint(b.from + 0x15)])),
} as Record<Script, string>;

describe('the letters a name may have', () => {
  it('are all in the certificate’s fonts', () => {
    const missing: string[] = [];
    let accepted = 0;
    for (let codePoint = 0x20; codePoint < 0x30000; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (!/^[\p{L}\p{M}]$/u.test(char)) continue;
      const letter = /^\p{L}$/u.test(char);
      const scripts = letter ? [scriptOf(codePoint)!] : (Object.keys(BASES) as Script[]);
      for (const script of scripts) {
        if (personNameProblem(letter ? char : `${BASES[script]}${char}`) !== null) continue;
        accepted += 1;
        for (const weight of ['regular', 'bold'] as const) {
          if (!font(script, weight).hasGlyphForCodePoint(codePoint))
            missing.push(`U+${codePoint.toString(16).padStart(4, '0')} ${script} ${weight}`);
        }
      }
    }
    // Latin-1, the Latin extensions and eight Indian scripts: well over a thousand letters and signs.
    expect(accepted).toBeGreaterThan(1200);
    expect(missing).toEqual([]);
  });
});
