// Where each spoken sentence is in the text a learner sees, so the player can highlight it. The
// server splits the plain text of the published HTML (contract/plain-text.ts: blocks joined, a full
// stop added where a block ended without one, entities decoded); the page shows that HTML, with its
// own spaces, line breaks and markup. So sentences are found by their letters, marks and digits
// alone, in order: whitespace, punctuation and symbols on either side are not compared. Pure (text
// in, offsets out), so it is tested without a browser; read-aloud-player.ts makes the ranges.

/** A sentence's place: from a character of one text node to just after a character of another. */
export interface SentenceSpan {
  startNode: number;
  startOffset: number;
  endNode: number;
  /** Exclusive. */
  endOffset: number;
}

// What a sentence is compared by: letters, combining marks (the vowel signs and viramas of every
// Indian script) and digits of any script.
const COMPARED = /[\p{L}\p{M}\p{N}]/u;
const TRAILING = /[.!?…।॥:;"'”’)\]]/u;

/** The compared characters of a string, as one string. */
export function comparedText(text: string): string {
  let out = '';
  for (const char of text) if (COMPARED.test(char)) out += char.toLowerCase();
  return out;
}

/**
 * The span of each sentence in the text nodes (in document order), or null for one not found
 * there. Each is looked for after the previous one found, so a repeated phrase maps to its own place.
 */
export function sentenceSpans(nodes: readonly string[], sentences: readonly string[]): (SentenceSpan | null)[] {
  // The compared characters of every node in order, each with its node and offset (UTF-16, as a Range counts).
  let flat = '';
  const at: { node: number; offset: number; length: number }[] = [];
  nodes.forEach((text, node) => {
    let offset = 0;
    for (const char of text) {
      if (COMPARED.test(char)) {
        const lower = char.toLowerCase();
        flat += lower;
        for (let i = 0; i < lower.length; i++) at.push({ node, offset, length: char.length });
      }
      offset += char.length;
    }
  });
  let from = 0;
  return sentences.map((sentence) => {
    const wanted = comparedText(sentence);
    if (!wanted) return null;
    const start = flat.indexOf(wanted, from);
    if (start < 0) return null;
    from = start + wanted.length;
    const first = at[start]!;
    const last = at[start + wanted.length - 1]!;
    // The sentence's own closing punctuation, where it follows in the same node, is highlighted with it.
    let endOffset = last.offset + last.length;
    const lastText = nodes[last.node]!;
    while (endOffset < lastText.length && TRAILING.test(lastText[endOffset]!)) endOffset++;
    return { startNode: first.node, startOffset: first.offset, endNode: last.node, endOffset };
  });
}
