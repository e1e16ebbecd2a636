import { describe, expect, it } from 'vitest';
import { scriptOf, splitByScript } from './script';

describe('scriptOf', () => {
  it('finds each Indic script by its Unicode block and calls other letters Latin', () => {
    expect(scriptOf('क'.codePointAt(0)!)).toBe('Devanagari');
    expect(scriptOf('ক'.codePointAt(0)!)).toBe('Bengali');
    expect(scriptOf('ક'.codePointAt(0)!)).toBe('Gujarati');
    expect(scriptOf('କ'.codePointAt(0)!)).toBe('Oriya');
    expect(scriptOf('க'.codePointAt(0)!)).toBe('Tamil');
    expect(scriptOf('క'.codePointAt(0)!)).toBe('Telugu');
    expect(scriptOf('ಕ'.codePointAt(0)!)).toBe('Kannada');
    expect(scriptOf('ക'.codePointAt(0)!)).toBe('Malayalam');
    expect(scriptOf('é'.codePointAt(0)!)).toBe('Latin');
  });

  it('leaves shared characters (space, digits, danda, joiners) to their neighbours', () => {
    for (const c of [' ', '1', ',', '।', '\u200d', '\u200c']) expect(scriptOf(c.codePointAt(0)!)).toBeNull();
  });
});

describe('splitByScript', () => {
  it('keeps an Indic name whole, spaces included', () => {
    expect(splitByScript('ज्ञानेश्वर पाटील')).toEqual([{ script: 'Devanagari', text: 'ज्ञानेश्वर पाटील' }]);
  });

  it('splits a two-script text where the script changes', () => {
    expect(splitByScript('ശ്രീ Lakshmi')).toEqual([
      { script: 'Malayalam', text: 'ശ്രീ ' },
      { script: 'Latin', text: 'Lakshmi' },
    ]);
  });

  it('sends a shared character the run’s font lacks to a Latin run', () => {
    const covers = (_script: string, codePoint: number) => codePoint !== 0x2d; // no hyphen
    expect(splitByScript('ପ୍ରିୟଙ୍କା-ମହାନ୍ତି', covers)).toEqual([
      { script: 'Oriya', text: 'ପ୍ରିୟଙ୍କା' },
      { script: 'Latin', text: '-' },
      { script: 'Oriya', text: 'ମହାନ୍ତି' },
    ]);
  });

  it('writes a text of digits alone in Latin', () => {
    expect(splitByScript('2026')).toEqual([{ script: 'Latin', text: '2026' }]);
  });
});
