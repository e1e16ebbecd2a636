import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../contract/languages';
import { readOggOpus } from './ogg-opus';
import { createSynthesisThread } from './synthesis-thread';

const thread = createSynthesisThread();
afterAll(() => thread.close());

describe('synthesis on a thread of its own', () => {
  it('answers a text’s file and timings, and a failure as an error, while this thread stays free', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 5);
    const spoken = await thread.synthesise('tm', [
      'எந்த வங்கியும் உங்கள் ஓடிபியைக் கேட்காது.',
      'உடனே 1930 என்ற எண்ணை அழைக்கவும்.',
    ]);
    clearInterval(counting);
    expect(readOggOpus(spoken.audio).durationMs).toBe(spoken.durationMs);
    expect(spoken.sentenceStartsMs).toHaveLength(2);
    // This thread went on turning while the other one spoke.
    expect(turns).toBeGreaterThan(20);
    // A failure in the thread is the text's error, and the thread goes on with the next text.
    await expect(thread.synthesise('xx' as LanguageCode, ['Hello.'])).rejects.toThrow();
    await expect(thread.synthesise('hi', ['नमस्ते।'])).resolves.toMatchObject({ sentences: ['नमस्ते।'] });
  });
});
