import { describe, expect, it } from 'vitest';
import { plainText } from '../../../../contract/plain-text';
import { sentenceSpans, type SentenceSpan } from './sentence-spans';

/** The text a span covers, read back from the nodes. */
function read(nodes: string[], span: SentenceSpan | null): string | null {
  if (!span) return null;
  if (span.startNode === span.endNode) return nodes[span.startNode]!.slice(span.startOffset, span.endOffset);
  let text = nodes[span.startNode]!.slice(span.startOffset);
  for (let node = span.startNode + 1; node < span.endNode; node++) text += nodes[node];
  return text + nodes[span.endNode]!.slice(0, span.endOffset);
}

describe('finding spoken sentences in the text shown', () => {
  it('finds sentences across inline markup, line breaks and a full stop the plain text added', () => {
    // What the page's text nodes are for `<h3>Stay safe</h3><p>Never share your <strong>OTP</strong>.\n Call 1930!</p>`.
    const nodes = ['Stay safe', 'Never share your ', 'OTP', '.\n Call 1930!'];
    const sentences = ['Stay safe.', 'Never share your OTP.', 'Call 1930!'];
    const spans = sentenceSpans(nodes, sentences);
    // The full stop after </strong> is another node's: the highlight ends with the word.
    expect(spans.map((span) => read(nodes, span))).toEqual(['Stay safe', 'Never share your OTP', 'Call 1930!']);
    expect(spans[1]).toEqual({ startNode: 1, startOffset: 0, endNode: 2, endOffset: 3 });
  });

  it('matches Hindi and Tamil by their letters and vowel signs, with the danda kept in the highlight', () => {
    const nodes = ['कभी भी अपना OTP साझा न करें। ', 'धोखाधड़ी की शिकायत 1930 पर करें।'];
    const spans = sentenceSpans(nodes, ['कभी भी अपना OTP साझा न करें।', 'धोखाधड़ी की शिकायत 1930 पर करें।']);
    expect(spans.map((span) => read(nodes, span))).toEqual([
      'कभी भी अपना OTP साझा न करें।',
      'धोखाधड़ी की शिकायत 1930 पर करें।',
    ]);
    const tamil = ['உங்கள் OTP-ஐ யாரிடமும் பகிர வேண்டாம்.', ' 1930-ஐ அழைக்கவும்.'];
    expect(sentenceSpans(tamil, ['உங்கள் OTP-ஐ யாரிடமும் பகிர வேண்டாம்.', '1930-ஐ அழைக்கவும்.'])[1]).toEqual({
      startNode: 1,
      startOffset: 1,
      endNode: 1,
      endOffset: tamil[1]!.length,
    });
  });

  it('maps a repeated sentence to its own place, in order', () => {
    const nodes = ['Stop. Think. Stop.'];
    const spans = sentenceSpans(nodes, ['Stop.', 'Think.', 'Stop.']);
    expect(spans.map((span) => span?.startOffset)).toEqual([0, 6, 13]);
  });

  it('gives null for a sentence the page does not show, and goes on with the next', () => {
    const nodes = ['One. Three.'];
    expect(sentenceSpans(nodes, ['One.', 'Two.', 'Three.']).map((span) => read(nodes, span))).toEqual([
      'One.',
      null,
      'Three.',
    ]);
    expect(sentenceSpans(nodes, ['...'])).toEqual([null]);
  });

  it('finds the sentences of the server’s plain text in the HTML it came from', () => {
    const html = '<p>Fraudsters call &amp; ask for your PIN</p><ul><li>Hang up</li><li>Report it at 1930</li></ul>';
    // The text nodes a browser makes of that HTML.
    const nodes = ['Fraudsters call & ask for your PIN', 'Hang up', 'Report it at 1930'];
    const sentences = plainText(html)
      .split(/(?<=\.)\s+/)
      .filter(Boolean);
    expect(sentences).toEqual(['Fraudsters call & ask for your PIN.', 'Hang up.', 'Report it at 1930']);
    expect(sentenceSpans(nodes, sentences).every(Boolean)).toBe(true);
  });
});
