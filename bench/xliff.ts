// npm run bench:xliff — how long reading an exchange file holds up every other request.
//
// Reads three files with the exchange's reader (server/modules/translation-exchange/xliff.ts) and
// prints, for each, the whole time it took and the longest time the event loop was held (the
// longest gap between turns of a task that runs whenever the loop is free): what a learner's request
// arriving meanwhile would wait. The files: a language's large legitimate export (1,000 items of 40
// texts), and 30,000 and 1,000,000 nested elements (the hostile file of issue 24; the second is
// skipped unless BENCH_XLIFF_HUGE=1, as a reader without limits takes minutes over it).
import { readXliff } from '../server/modules/translation-exchange/xliff';
import { measureHold } from './event-loop-hold';

const header =
  '<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="hi">';
const unit = (n: number) =>
  `<unit id="u${n}"><segment><source>Text number ${n} of the course</source><target>पाठ संख्या ${n}</target></segment></unit>`;
const nested = (levels: number) =>
  `${header}<file id="x"><unit id="t"><segment><source>a</source><target>${'<g>'.repeat(levels)}x${'</g>'.repeat(levels)}</target></segment></unit></file></xliff>`;

const files: [string, string][] = [
  [
    'export of 1,000 items x 40 texts',
    `${header}${Array.from({ length: 1000 }, (_, f) => `<file id="f${f}">${Array.from({ length: 40 }, (_, u) => unit(u)).join('')}</file>`).join('')}</xliff>`,
  ],
  ['30,000 nested elements', nested(30_000)],
];
if (process.env.BENCH_XLIFF_HUGE === '1') files.push(['1,000,000 nested elements', nested(1_000_000)]);

async function measure(xml: string) {
  const {
    result: outcome,
    ms: total,
    longestHoldMs: longest,
  } = await measureHold(async () => {
    try {
      await readXliff(xml);
      return 'read';
    } catch (error) {
      return `refused: ${(error as { details?: { message: string }[] }).details?.[0]?.message ?? String(error)}`;
    }
  });
  return { total, longest, outcome };
}

for (const [name, xml] of files) {
  const { total, longest, outcome } = await measure(xml);
  console.log(
    `[bench:xliff] ${name} (${(xml.length / 1e6).toFixed(1)} M chars): ${total.toFixed(0)} ms in all, event loop held at most ${longest.toFixed(0)} ms; ${outcome}`,
  );
}
