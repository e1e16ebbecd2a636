// What a person's name and a district may be: real names in every script of the site pass; what the certificate
// cannot draw, or what is no name, is refused with its reason.
import { describe, expect, it } from 'vitest';
import {
  DISTRICT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  districtProblem,
  normalisePersonName,
  personNameProblem,
} from './person-name';

const check = (typed: string) => personNameProblem(normalisePersonName(typed));

describe('a person’s name', () => {
  it('may be a real name in English letters or in any Indian script of the site', () => {
    const names = [
      'Asha Devi',
      'D’Souza',
      "O'Brien",
      'Jean-Luc',
      'K. R. Narayanan',
      'José Nguyễn Ålund',
      'अनीता शर्मा',
      'ज़ीनत', // nukta (decomposed by NFC) and a vowel sign
      'श्री कृष्णा',
      'সুপ্রিয়া বসু',
      'র‍্যাব', // ra, ZWJ, virama: the ya-phala form
      'ગીતાબેન પટેલ',
      'ಕಾರ್ತಿಕ್',
      'അര്‍ജുന്‍', // chillus written with virama and ZWJ, one ending the word
      'ശ്രീ‌കുമാർ', // ZWNJ inside a word
      'ସୁନୀତା ମହାନ୍ତି',
      'முருகன் செல்வம்',
      'కార్తీక్ స్త్రీ',
    ];
    for (const name of names) expect(check(name), name).toBeNull();
  });

  it('is kept composed, with spaces tidied', () => {
    expect(normalisePersonName('  Jose\u0301   Ma\u00a0Ria \t')).toBe('José Ma Ria');
  });

  it('is refused when nothing is left to read', () => {
    for (const typed of [
      '',
      '   ',
      '\u200b\u200b',
      '\u200d',
      '\u200c\u200d',
      '\u2060\ufeff',
      '\u00ad',
      '\u202e',
      '...',
      "-'",
    ]) {
      expect(check(typed), JSON.stringify(typed)).toBe('nameRequired');
    }
  });

  it('is refused when too long', () => {
    expect(check('a'.repeat(NAME_MAX_LENGTH))).toBeNull();
    expect(check('a'.repeat(NAME_MAX_LENGTH + 1))).toBe('nameTooLong');
  });

  it('is refused with marks that stand on no letter, belong to another script, or pile up', () => {
    const cases = [
      '\u0301'.repeat(97), // 97 combining accents and nothing else
      `Asha${'\u0301'.repeat(97)}`,
      `अ${'\u0902'.repeat(5)}`, // five signs on one letter
      '\u093f', // a vowel sign alone
      'Asha \u093fDevi', // a vowel sign after a space
      'a\u093f', // a Devanagari vowel sign on a Latin letter
      'क\u09be', // a Bengali sign on a Devanagari letter
      'क\u0301', // an accent on a Devanagari letter
    ];
    for (const typed of cases) expect(check(typed), JSON.stringify(typed)).toBe('nameMarks');
    expect(check(`ज\u093c\u0940\u0902`)).toBeNull(); // three is a real name's most
  });

  it('is refused with letters of a script the certificate has no font for', () => {
    for (const typed of ['Иван', '王伟', 'محمد', 'Γιώργος', 'ਗੁਰਪ੍ਰੀਤ', 'Ａｓｈａ', '\u0b55', 'ꟊ']) {
      expect(check(typed), typed).toBe('nameScript');
    }
  });

  it('is refused with digits, symbols, control characters or joiners outside an Indian word', () => {
    const cases = [
      'Asha 2',
      'Asha@Devi',
      'Asha 😀',
      'Asha\u0007',
      'Asha\u200bDevi',
      'A\u200dsha',
      '\u200dअनीता',
      'अ\u200d\u200dनी',
      'अनी\u200c',
      'अ\u200db',
      'Asha\u202eDevi',
      'Asha।',
    ];
    for (const typed of cases) expect(check(typed), JSON.stringify(typed)).toBe('nameCharacters');
  });
});

describe('a district', () => {
  it('may be written in English letters or any Indian script of the site, with digits and brackets', () => {
    for (const district of [
      'North 24 Parganas',
      'Y.S.R. Kadapa',
      'Ri-Bhoi',
      'Sri Potti Sriramulu Nellore',
      'Bengaluru (Rural)',
      'वाराणसी',
      'उत्तर २४ परगना',
      'திருநெல்வேலி',
      'ಉತ್ತರ ಕನ್ನಡ',
      'തിരുവനന്തപുരം',
      "Kodagu 'Coorg'",
    ])
      expect(districtProblem(normalisePersonName(district)), district).toBeNull();
  });

  it('may be empty, which is none', () => {
    expect(districtProblem('')).toBeNull();
  });

  it('is refused when longer than the limit', () => {
    expect(districtProblem('a'.repeat(DISTRICT_MAX_LENGTH))).toBeNull();
    expect(districtProblem('a'.repeat(DISTRICT_MAX_LENGTH + 1))).toBe('districtTooLong');
  });

  it('is refused with symbols, addresses, digits alone, foreign scripts or stray marks', () => {
    for (const district of [
      'https://example.com',
      'Pune <b>',
      'a@b',
      '24',
      '()',
      'Дели',
      '١٢ Pune',
      '\u093fPune',
      'Pune\u0000',
      'Pune #1',
    ])
      expect(districtProblem(normalisePersonName(district)), district).toBe('districtCharacters');
  });
});
