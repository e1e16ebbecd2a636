// PDF fonts have no automatic fallback: each piece of text must be drawn with a font that covers its
// script. A name may be Latin while the course title is Tamil, so the script is found per text (and
// per run inside a text) from the Unicode blocks, not from the course language.
import type { Script } from '../../../contract/languages';
import { INDIC_SCRIPT_BLOCKS } from '../../../contract/person-name';

const BLOCKS: readonly { from: number; to: number; script: Script }[] = [
  ...INDIC_SCRIPT_BLOCKS,
  { from: 0x1cd0, to: 0x1cff, script: 'Devanagari' }, // Vedic extensions
  { from: 0xa8e0, to: 0xa8ff, script: 'Devanagari' }, // Devanagari extended
];

/** The Indic script of a code point, 'Latin' for letters of any other script, or null for characters
 * every script shares (spaces, digits, punctuation, joiners, the danda). */
export function scriptOf(codePoint: number): Script | null {
  // Danda and double danda sit in the Devanagari block but are used by Bengali, Odia and others.
  if (codePoint === 0x0964 || codePoint === 0x0965) return null;
  for (const block of BLOCKS) if (codePoint >= block.from && codePoint <= block.to) return block.script;
  if (codePoint === 0x200c || codePoint === 0x200d) return null; // ZWNJ, ZWJ: shape with their neighbours
  if (/[\p{L}\p{M}]/u.test(String.fromCodePoint(codePoint))) return 'Latin';
  return null;
}

export interface ScriptRun {
  script: Script;
  text: string;
}

/**
 * Splits a text into runs of one script each. Shared characters (spaces, digits, punctuation) join
 * the run before them (or the first run), unless `covers` says that run's font lacks them, in which
 * case they go to a Latin run.
 */
export function splitByScript(
  text: string,
  covers: (script: Script, codePoint: number) => boolean = () => true,
): ScriptRun[] {
  const chars = Array.from(text.normalize('NFC'));
  const first = chars.map((c) => scriptOf(c.codePointAt(0)!)).find((s) => s !== null) ?? 'Latin';
  const runs: ScriptRun[] = [];
  let current: Script = first;
  for (const char of chars) {
    const codePoint = char.codePointAt(0)!;
    const own = scriptOf(codePoint);
    let script: Script;
    if (own) {
      script = own;
      current = own;
    } else {
      script = covers(current, codePoint) ? current : 'Latin';
    }
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
