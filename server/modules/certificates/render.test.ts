// Certificates in every script, rendered to images by poppler's pdftoppm and compared with reference
// images that a person has read letter by letter (conjuncts, vowel signs, reph). A change in
// shaping moves only a few dozen pixels at this resolution (the Telugu narrow subscript ta that
// fontkit misses differs by 29), so the tolerance is a handful of pixels, not a percentage.
//
// To accept new references after a deliberate change: UPDATE_CERTIFICATE_REFERENCES=1, then look
// at every changed image before committing it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import { CERTIFICATE_LABELS } from './labels';
import { formatCompletionDate, renderCertificatePdf } from './render';

const REFERENCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '__reference__');
const MAX_DIFFERING_PIXELS = 8;
const UPDATE = process.env.UPDATE_CERTIFICATE_REFERENCES === '1';

const CASES: { file: string; lang: LanguageCode; learnerName: string; courseTitle: string; reissuedAt?: Date }[] = [
  { file: 'en', lang: 'en', learnerName: 'Anjali Sharma', courseTitle: 'Money basics' },
  { file: 'hi', lang: 'hi', learnerName: 'क्षितिज श्रीवास्तव', courseTitle: 'पैसे की बुनियादी बातें' },
  { file: 'mr', lang: 'mh', learnerName: 'ज्ञानेश्वर पाटील', courseTitle: 'पैशाची मूलतत्त्वे' },
  { file: 'bn', lang: 'bn', learnerName: 'অর্পিতা চক্রবর্তী', courseTitle: 'টাকার প্রাথমিক ধারণা' },
  { file: 'gu', lang: 'gj', learnerName: 'દ્રષ્ટિ ત્રિવેદી', courseTitle: 'પૈસાની મૂળભૂત બાબતો' },
  { file: 'kn', lang: 'kn', learnerName: 'ಶ್ರೀಕಾಂತ್ ಕೃಷ್ಣಮೂರ್ತಿ', courseTitle: 'ಹಣದ ಮೂಲಭೂತ ಅಂಶಗಳು' },
  { file: 'ml', lang: 'ml', learnerName: 'ശ്രീക്കുട്ടി ലക്ഷ്മി', courseTitle: 'പണത്തിന്റെ അടിസ്ഥാനങ്ങൾ' },
  { file: 'or', lang: 'od', learnerName: 'ପ୍ରିୟଙ୍କା ମହାନ୍ତି', courseTitle: 'ଟଙ୍କାର ମୌଳିକ କଥା' },
  { file: 'ta', lang: 'tm', learnerName: 'க்ஷேத்ரா ஸ்ரீநிவாசன்', courseTitle: 'பணத்தின் அடிப்படைகள்' },
  { file: 'te', lang: 'tl', learnerName: 'శ్రీకృష్ణ ప్రసాద్', courseTitle: 'డబ్బు ప్రాథమిక అంశాలు' },
  // The contextual narrow subscript ta (ర్తీ, స్త్రీ, క్తి) that fontkit's shaper gets wrong.
  { file: 'te-contextual', lang: 'tl', learnerName: 'కార్తీక్ సౌమ్య', courseTitle: 'స్త్రీ శక్తి' },
  // A Latin name on a certificate whose course is in Tamil: the font is chosen per text.
  { file: 'latin-name-tamil-course', lang: 'tm', learnerName: 'Anjali Sharma', courseTitle: 'பணத்தின் அடிப்படைகள்' },
  // Long enough to shrink and wrap: a two-script name and several course titles.
  {
    file: 'long-texts',
    lang: 'ml',
    learnerName: 'ശ്രീക്കുട്ടി ലക്ഷ്മി നാരായണൻ കുട്ടി പിള്ള Venkata Subrahmanya',
    courseTitle: 'പണത്തിന്റെ അടിസ്ഥാനങ്ങൾ · സൈബർ സുരക്ഷയും ഡിജിറ്റൽ പണമിടപാടുകളും · ബാങ്കിംഗ് സേവനങ്ങൾ ഗ്രാമങ്ങളിൽ · ഇൻഷുറൻസും പെൻഷനും',
  },
  // Reissued under the same number after the learner corrected their name (ADR 20).
  {
    file: 'reissued-hi',
    lang: 'hi',
    learnerName: 'क्षितिज श्रीवास्तव',
    courseTitle: 'पैसे की बुनियादी बातें',
    reissuedAt: new Date('2026-05-02T09:00:00Z'),
  },
];

const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-images-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

async function renderToPng(c: (typeof CASES)[number]): Promise<PNG> {
  const pdf = await renderCertificatePdf({
    learnerName: c.learnerName,
    courseTitle: c.courseTitle,
    lang: c.lang,
    completedAt: new Date('2026-03-14T10:00:00Z'),
    reissuedAt: c.reissuedAt,
    number: 'JGK-2026-7KQ4MX2P',
    verifyUrl: 'https://jgk-programme.example/certificates/verify/JGK-2026-7KQ4MX2P',
  });
  const pdfPath = path.join(workDir, `${c.file}.pdf`);
  fs.writeFileSync(pdfPath, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', pdfPath, path.join(workDir, c.file)]);
  return PNG.sync.read(fs.readFileSync(path.join(workDir, `${c.file}.png`)));
}

describe('certificate images', () => {
  // Without pdftoppm the comparison cannot run: CI must have it (it fails there), a developer's
  // machine may not (the comparison is skipped with a note).
  const skipImages = !hasPdftoppm && !process.env.CI;
  if (!hasPdftoppm && process.env.CI) {
    it('needs pdftoppm', () => {
      throw new Error('pdftoppm is missing: apt-get install -y poppler-utils');
    });
  }
  if (skipImages)
    console.warn('Skipping the certificate image comparison: pdftoppm is missing (apt-get install -y poppler-utils).');

  it.skipIf(!hasPdftoppm).each(CASES)('$file matches its reviewed reference image', async (c) => {
    const actual = await renderToPng(c);
    const referencePath = path.join(REFERENCE_DIR, `${c.file}.png`);
    if (UPDATE || !fs.existsSync(referencePath)) {
      if (!UPDATE)
        throw new Error(
          `No reference image ${referencePath}; render one with UPDATE_CERTIFICATE_REFERENCES=1 and review it`,
        );
      fs.mkdirSync(REFERENCE_DIR, { recursive: true });
      fs.writeFileSync(referencePath, PNG.sync.write(actual));
      return;
    }
    const expected = PNG.sync.read(fs.readFileSync(referencePath));
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const diff = new PNG({ width: actual.width, height: actual.height });
    const differing = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, {
      threshold: 0.1,
    });
    if (differing > MAX_DIFFERING_PIXELS) {
      const diffPath = path.join(os.tmpdir(), `certificate-${c.file}-diff.png`);
      fs.writeFileSync(diffPath, PNG.sync.write(diff));
      fs.copyFileSync(path.join(workDir, `${c.file}.png`), path.join(os.tmpdir(), `certificate-${c.file}-actual.png`));
      throw new Error(
        `${c.file}: ${differing} pixels differ from the reference (at most ${MAX_DIFFERING_PIXELS}); see ${diffPath}`,
      );
    }
  });
});

describe('completion date', () => {
  it('is written as a reader of the course language writes it, in India’s time zone', () => {
    // 20:00 UTC on 14 March is already 15 March in India.
    const date = new Date('2026-03-14T20:00:00Z');
    expect(formatCompletionDate(date, 'en')).toBe('15 March 2026');
    expect(formatCompletionDate(date, 'hi')).toBe('15 मार्च 2026');
    expect(formatCompletionDate(date, 'mh')).toBe('१५ मार्च, २०२६');
    expect(formatCompletionDate(date, 'bn')).toBe('১৫ মার্চ, ২০২৬');
  });
});

describe('the PDF', () => {
  it('is A4 landscape, embeds only subsets of the fonts it uses, and has the number as text', async () => {
    const pdf = await renderCertificatePdf({
      learnerName: 'అర్జున్',
      courseTitle: 'Money basics',
      lang: 'en',
      completedAt: new Date('2026-03-14T10:00:00Z'),
      number: 'JGK-2026-7KQ4MX2P',
      verifyUrl: 'https://jgk.example/certificates/verify/JGK-2026-7KQ4MX2P',
    });
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const fonts = [...text.matchAll(/\/BaseFont \/([A-Z]{6}\+[A-Za-z-]+)/g)].map((m) => m[1]!.slice(7));
    expect(new Set(fonts)).toEqual(
      new Set(['NotoSerif-Bold', 'NotoSans-Regular', 'NotoSans-Bold', 'NotoSansTelugu-Bold']),
    );
    expect(pdf.length).toBeLessThan(120_000);
    if (hasPdftoppm) {
      const pdfPath = path.join(workDir, 'text.pdf');
      fs.writeFileSync(pdfPath, pdf);
      const extracted = spawnSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).stdout;
      expect(extracted).toContain('JGK-2026-7KQ4MX2P');
      expect(extracted).toContain('https://jgk.example/certificates/verify/JGK-2026-7KQ4MX2P');
      expect(extracted).toContain('అర్జున్');
    }
  });
});

describe("the certificate's own words", () => {
  const textOf = async (lang: LanguageCode, courseTitle: string, reissuedAt?: Date) => {
    const pdf = await renderCertificatePdf({
      learnerName: 'Anjali Sharma',
      courseTitle,
      lang,
      completedAt: new Date('2026-03-14T10:00:00Z'),
      reissuedAt,
      number: 'JGK-2026-7KQ4MX2P',
      verifyUrl: 'https://jgk.example/certificates/verify/JGK-2026-7KQ4MX2P',
    });
    const pdfPath = path.join(workDir, `labels-${lang}.pdf`);
    fs.writeFileSync(pdfPath, pdf);
    return { pdf, text: spawnSync('pdftotext', ['-raw', pdfPath, '-'], { encoding: 'utf8' }).stdout.normalize('NFC') };
  };

  it.skipIf(!hasPdftoppm)(
    "are in the course's language: a Tamil certificate in Tamil, a Hindi one in Hindi",
    async () => {
      const tamil = await textOf('tm', 'பணத்தின் அடிப்படைகள்');
      for (const words of [
        'நிறைவுச் சான்றிதழ்',
        'சான்றளிக்கப்படுவது யாதெனில்',
        'கீழ்க்காணும் பாடநெறியை வெற்றிகரமாக நிறைவு செய்துள்ளார்',
        'முடித்த தேதி',
        'சான்றிதழ் எண்',
        'சரிபார்க்க ஸ்கேன் செய்யவும்',
      ]) {
        expect(tamil.text).toContain(words);
      }
      const english = CERTIFICATE_LABELS.en;
      for (const words of [
        english.title,
        english.certify,
        english.completed,
        english.completedOn,
        english.number,
        english.scan,
      ])
        expect(tamil.text).not.toContain(words);
      // Drawn with the Tamil font, the Latin name with the Latin one.
      expect(tamil.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil-Bold/);

      const hindi = await textOf('hi', 'पैसे की बुनियादी बातें', new Date('2026-05-02T09:00:00Z'));
      for (const words of [
        'पूर्णता प्रमाणपत्र',
        'प्रमाणित किया जाता है कि',
        'ने निम्नलिखित पाठ्यक्रम सफलतापूर्वक पूरा किया है',
        'पूरा होने की तारीख',
        'प्रमाणपत्र नंबर',
        '2 मई 2026 को दोबारा जारी (नाम में सुधार)',
      ]) {
        expect(hindi.text).toContain(words);
      }
      for (const words of [english.title, english.certify, english.completed, 'Reissued on'])
        expect(hindi.text).not.toContain(words);
      expect(hindi.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    },
  );

  it('name the number and the completion date as the verification page does in that language', () => {
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../web/i18n/locales');
    for (const lang of LANGUAGE_CODES) {
      const page = JSON.parse(fs.readFileSync(path.join(root, lang, 'profile.json'), 'utf8')) as Record<string, string>;
      expect(CERTIFICATE_LABELS[lang].number, lang).toBe(page.certificateNumber);
      expect(CERTIFICATE_LABELS[lang].completedOn, lang).toBe(page.verifyDate);
    }
  });
});
