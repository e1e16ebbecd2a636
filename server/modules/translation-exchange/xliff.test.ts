// The exchange file's reader, without a server: a large file is read a slice at a time, so other
// requests run while it is read; its nesting is measured before any parser sees it.
import { describe, expect, it } from 'vitest';
import { XLIFF_LIMITS, checkXliffShape, readXliff } from './xliff';

const header = '<?xml version="1.0" encoding="UTF-8"?>';
const xliff = (inner: string) =>
  `${header}<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="hi">${inner}</xliff>`;

describe('readXliff', () => {
  it('lets other work run while it reads a large file', async () => {
    const units = Array.from(
      { length: 20_000 },
      (_, n) => `<unit id="u${n}"><segment><source>text ${n}</source><target>पाठ ${n}</target></segment></unit>`,
    );
    const xml = xliff(`<file id="x">${units.join('')}</file>`);
    expect(xml.length).toBeGreaterThan(XLIFF_LIMITS.sliceChars * 10);
    let othersRan = 0;
    let reading = true;
    const other = () => {
      othersRan++;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const read = readXliff(xml);
    const doc = await read;
    reading = false;
    expect(doc.files[0]!.units).toHaveLength(20_000);
    expect(doc.files[0]!.units[19_999]).toMatchObject({ id: 'u19999', target: 'पाठ 19999' });
    // At least one turn of other work for every slice of the file.
    expect(othersRan).toBeGreaterThanOrEqual(Math.floor(xml.length / XLIFF_LIMITS.sliceChars));
  });

  it('keeps a character cut between two slices whole', async () => {
    // A Brahmi letter is two UTF-16 units: its first falls on the last place of the first slice.
    const before = xliff('<file id="x"><unit id="a"><segment><source>a</source><target>').replace(/<\/xliff>$/, '');
    const pad = 'x'.repeat(XLIFF_LIMITS.sliceChars - before.length - 1);
    const xml = `${before}${pad}𑀓</target></segment></unit></file></xliff>`;
    expect(xml.charCodeAt(XLIFF_LIMITS.sliceChars - 1)).toBe('𑀓'.charCodeAt(0));
    const doc = await readXliff(xml);
    expect(doc.files[0]!.units[0]!.target).toBe(`${pad}𑀓`);
  });
});

describe('checkXliffShape', () => {
  const deep = (levels: number) => `${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}`;

  it('takes a file nested as deep as the limit and refuses one level more', () => {
    expect(() => checkXliffShape(deep(XLIFF_LIMITS.depth))).not.toThrow();
    expect(() => checkXliffShape(deep(XLIFF_LIMITS.depth + 1))).toThrow(/nest more than 32 levels/);
  });

  it('does not count comments, CDATA, processing instructions or self-closing tags as nesting', () => {
    const noise = '<!-- <a><b><c> --><![CDATA[<a><b>]]><?pi <a>?><e/><f a=">"/>';
    expect(() => checkXliffShape(`<r>${noise.repeat(50)}${deep(XLIFF_LIMITS.depth - 1)}</r>`)).not.toThrow();
  });
});
