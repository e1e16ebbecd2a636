// Hostile exchange files through HTTP: nesting a parser would take minutes over, more elements,
// items or texts than one import may hold. Each is refused with its reason before anything is
// written, and quickly (XLIFF_LIMITS, ADR 34).
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/test-app';
import { translationTeamPerFile } from '../authoring/authoring-test-helpers';
import { XLIFF_LIMITS } from './xliff';

const t = testAppPerFile();
const team = translationTeamPerFile(t);

const header = '<?xml version="1.0" encoding="UTF-8"?>';
const xliff = (inner: string) =>
  `${header}<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="hi">${inner}</xliff>`;
const unit = (n: number) => `<unit id="u${n}"><segment><source>a</source><target>b</target></segment></unit>`;

async function refused(xml: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/content/xliff',
    headers: { ...team.hindi.headers, 'content-type': 'application/xliff+xml' },
    payload: xml,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  return res.json() as { code: string; details: { field: string; message: string }[] };
}

describe('exchange files larger than one import may hold', () => {
  it.each([30_000, 1_000_000])('refuses %i nested elements inside a target as nesting too deep', async (levels) => {
    const nested = `${'<g>'.repeat(levels)}x${'</g>'.repeat(levels)}`;
    const body = await refused(
      xliff(
        `<file id="x"><unit id="title"><segment><source>a</source><target>${nested}</target></segment></unit></file>`,
      ),
    );
    expect(body).toMatchObject({
      code: 'xliffInvalid',
      details: [{ field: 'xml', message: expect.stringContaining(`more than ${XLIFF_LIMITS.depth} levels`) }],
    });
  });

  it('refuses nesting hidden in another namespace, and reads side-by-side tags with a quoted ">" as flat', async () => {
    const deep = `${'<a:x xmlns:a="urn:a" title=">">'.repeat(40)}${'</a:x>'.repeat(40)}`;
    expect((await refused(xliff(`<file id="x">${deep}</file>`))).code).toBe('xliffInvalid');
    // Forty self-closing elements side by side nest no deeper than one: the file is read and reported on.
    const flat = '<a:x xmlns:a="urn:a" title="/>"/>'.repeat(40);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/content/xliff',
      headers: { ...team.hindi.headers, 'content-type': 'application/xliff+xml' },
      payload: xliff(`<file id="x">${flat}${unit(1)}</file>`),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lang: 'hi', items: [{ file: 'x', result: 'refused' }] });
  });

  it('refuses more items than one import may hold, naming the limit, before importing any', async () => {
    const files = Array.from({ length: XLIFF_LIMITS.files + 1 }, (_, n) => `<file id="f${n}">${unit(1)}</file>`);
    expect(await refused(xliff(files.join('')))).toMatchObject({
      code: 'xliffTooLarge',
      details: [{ field: 'file', message: expect.stringContaining('1,000 items') }],
    });
  });

  it('refuses more texts than one import may hold', async () => {
    const units = Array.from({ length: XLIFF_LIMITS.units + 1 }, (_, n) => unit(n));
    expect(await refused(xliff(`<file id="x">${units.join('')}</file>`))).toMatchObject({
      code: 'xliffTooLarge',
      details: [{ field: 'unit', message: expect.stringContaining('50,000 texts') }],
    });
  });

  it('refuses more elements than one import may hold, whatever they are', async () => {
    const many = '<m:e xmlns:m="urn:m"/>'.repeat(XLIFF_LIMITS.elements + 1);
    expect(await refused(xliff(`<file id="x">${many}</file>`))).toMatchObject({
      code: 'xliffTooLarge',
      details: [{ field: 'xml', message: expect.stringContaining('400,000 elements') }],
    });
  });
});
