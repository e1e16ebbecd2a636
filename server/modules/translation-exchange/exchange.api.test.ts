// The translator exchange through HTTP: an item (or everything pending) exported as XLIFF 2.0,
// filled in as a translator's tool would, and imported back as a new version of the language, with
// a report per field; the version the file was made from protects later saves; translators work in
// their languages only; XML that is not well formed, declares entities or is not XLIFF is refused.
import { describe, expect, it } from 'vitest';
import type { CourseDocument, XliffImportReport } from '../../../contract/authoring';
import { messageBody } from '../../../contract/messages';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff } from '../../test/sign-in';
import {
  courseBody,
  toHindi,
  translateCourse,
  translationTeamPerFile,
  type Headers,
} from '../authoring/authoring-test-helpers';

const t = testAppPerFile();
const team = translationTeamPerFile(t);

async function exportXliff(who: Headers, id: string, lang: string) {
  return t.app.inject({ method: 'GET', url: `/api/staff/content/${id}/${lang}/xliff`, headers: who });
}

async function exportOk(who: Headers, id: string, lang: string): Promise<string> {
  const res = await exportXliff(who, id, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

function importXliff(who: Headers, xml: string, contentType = 'application/xliff+xml') {
  return t.app.inject({
    method: 'POST',
    url: '/api/staff/content/xliff',
    headers: { ...who, 'content-type': contentType },
    payload: xml,
  });
}

async function importOk(who: Headers, xml: string): Promise<XliffImportReport> {
  const res = await importXliff(who, xml);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as XliffImportReport;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Unit {
  id: string;
  name: string;
  format: string;
  segment: string;
  source: string;
  target: string | null;
}

/** The units of an exported file, read the simple way (the file is ours, one line per unit). */
function unitsOf(xml: string): Unit[] {
  return [
    ...xml.matchAll(
      /<unit id="([^"]+)" name="([^"]+)" jgk:format="(\w+)"><segment([^>]*)><source>([^<]*)<\/source>(?:<target>([^<]*)<\/target>)?<\/segment><\/unit>/g,
    ),
  ].map((m) => ({
    id: m[1]!,
    name: unescape(m[2]!),
    format: m[3]!,
    segment: m[4]!,
    source: unescape(m[5]!),
    target: m[6] === undefined ? null : unescape(m[6]),
  }));
}

/** What a translator's tool writes back: each unit's target (and segment state) as `fill` says; null leaves the unit as it was. */
function fillTargets(xml: string, fill: (unit: Unit) => { target: string; state?: string } | null): string {
  return xml.replace(
    /<unit id="([^"]+)" name="([^"]+)" jgk:format="(\w+)"><segment([^>]*)><source>([^<]*)<\/source>(?:<target>[^<]*<\/target>)?<\/segment><\/unit>/g,
    (whole, id, name, format, segment, source) => {
      const unit = unitsOf(whole)[0]!;
      const filled = fill(unit);
      if (!filled) return whole;
      return `<unit id="${id}" name="${name}" jgk:format="${format}"><segment state="${filled.state ?? 'translated'}"><source>${source}</source><target>${escape(filled.target)}</target></segment></unit>`;
    },
  );
}

/** The stand-in translation: plain text prefixed, rich text prefixed inside its paragraph. */
const translateUnit = (unit: Unit) => ({
  target: unit.format === 'html' ? unit.source.replace(/^<p>/, `<p>${toHindi('')}`) : toHindi(unit.source),
});

describe('exporting', () => {
  it('writes one item in one language as XLIFF 2.0: a unit per text field, rich text escaped, sent as an attachment', async () => {
    const body = courseBody('Safe money & "you" <today>');
    const { id, english } = await team.publishedEnglishCourse('export-one', body);
    const res = await exportXliff(team.hindi.headers, id, 'hi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xliff+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="course-export-one.hi.xlf"');
    const xml = res.body;
    expect(xml).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:jgk="urn:jgk-learning-platform:xliff-exchange:1" version="2.0" srcLang="en" trgLang="hi">',
    );
    expect(xml).toContain(
      `<file id="${id}" original="course/export-one" canResegment="no" xml:space="preserve" jgk:kind="course" jgk:slug="export-one" jgk:sourceVersion="1" jgk:baseVersion="0">`,
    );
    const units = unitsOf(xml);
    const lesson = english.chapters[0]!.lessons[0]!;
    // 13 texts with source text: journal (null) and the video's description (null) have none.
    expect(units).toHaveLength(13);
    expect(units.map((u) => u.name)).toEqual(
      expect.arrayContaining(['title', 'description', 'summary', `lessons[${lesson.key}].content`]),
    );
    expect(units.every((u) => u.target === null && u.segment === ' state="initial"')).toBe(true);
    const title = units.find((u) => u.name === 'title')!;
    expect(title).toMatchObject({ id: 'title', format: 'text', source: 'Safe money & "you" <today>' });
    expect(xml).toContain('<source>Safe money &amp; "you" &lt;today&gt;</source>');
    const content = units.find((u) => u.name === `lessons[${lesson.key}].content`)!;
    expect(content).toMatchObject({ format: 'html', source: '<p>Why.</p>' });
    // The id is the path as an NMTOKEN: [ and ] are not name characters.
    expect(content.id).toBe(`lessons_5B${lesson.key}_5D.content`);
    expect(xml).toContain('&lt;p&gt;Why.&lt;/p&gt;');

    // Editors export any language; the source language is not exported for translation.
    expect((await exportXliff(team.editor.headers, id, 'bn')).statusCode).toBe(200);
    expect((await exportXliff(team.editor.headers, id, 'en')).json()).toEqual(messageBody('xliffSourceLanguage'));
    expect((await exportXliff(team.editor.headers, '5f0c4b8e-0000-4000-8000-000000000001', 'hi')).statusCode).toBe(404);
  });

  it('exports everything pending in a language as one file, one <file> per item; a translation that is done is left out', async () => {
    const missing = await team.publishedEnglishCourse('pending-missing');
    const done = await team.publishedEnglishCourse('pending-done');
    const start = await team.api.template(team.editor.headers, done.id, 'hi');
    await team.api.saveOk(team.editor.headers, done.id, 'hi', 0, translateCourse(start.body, done.english, toHindi));
    await team.api.publishOk(team.editor.headers, done.id, 'hi');
    const draft = await team.publishedEnglishCourse('pending-draft');
    const partial = structuredClone((await team.api.template(team.editor.headers, draft.id, 'hi')).body);
    partial.title = 'आधा';
    await team.api.saveOk(team.editor.headers, draft.id, 'hi', 0, partial);

    const res = await t.app.inject({ method: 'GET', url: '/api/staff/content/xliff/hi', headers: team.hindi.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pending-hi-\d{4}-\d{2}-\d{2}\.xlf"$/);
    const fileIds = [...res.body.matchAll(/<file id="([^"]+)"/g)].map((m) => m[1]);
    expect(fileIds).toContain(missing.id);
    expect(fileIds).toContain(draft.id);
    expect(fileIds).not.toContain(done.id);
    expect(res.body).toContain(
      `<file id="${draft.id}" original="course/pending-draft" canResegment="no" xml:space="preserve" jgk:kind="course" jgk:slug="pending-draft" jgk:sourceVersion="1" jgk:baseVersion="1">`,
    );
    expect(res.body).toContain('<target>आधा</target>');

    // A published translation whose source changed is pending again.
    const changed = structuredClone(done.english);
    changed.title = 'Safe money, again';
    await team.api.saveOk(team.editor.headers, done.id, 'en', 1, changed);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/staff/content/xliff/hi',
      headers: team.hindi.headers,
    });
    expect(again.body).toContain(`<file id="${done.id}"`);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/content/xliff/tm', headers: team.hindi.headers })).json(),
    ).toEqual(messageBody('languageNotAssigned'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/content/xliff/en', headers: team.editor.headers })).json(),
    ).toEqual(messageBody('xliffSourceLanguage'));
  });
});

describe('importing', () => {
  it('round trip: the filled-in file becomes the Hindi version; later, stale fields are cleared where translated or confirmed', async () => {
    const { id, english } = await team.publishedEnglishCourse('round-trip');
    const exported = await exportOk(team.hindi.headers, id, 'hi');
    const report = await importOk(team.hindi.headers, fillTargets(exported, translateUnit));
    expect(report.lang).toBe('hi');
    expect(report.totals).toEqual({ changed: 13, unchanged: 0, confirmed: 0, refused: 0, conflicts: 0 });
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({ file: id, itemId: id, result: 'saved', exportedFrom: 0, version: 1 });

    const head = await team.api.head(team.editor.headers, id, 'hi');
    expect(head.version).toMatchObject({ number: 1, origin: 'save', createdBy: { name: 'Meena Translator' } });
    expect(head.state.status).toBe('draft');
    const hi = head.body as CourseDocument;
    expect(hi).toMatchObject({
      title: toHindi('Safe money'),
      description: `<p>${toHindi('Save, and pay safely.')}</p>`,
      journal: null,
      image: english.image,
    });
    expect(hi.chapters[0]!.lessons.map((l) => [l.key, l.title, l.content, l.duration])).toEqual(
      english.chapters[0]!.lessons.map((l) => [
        l.key,
        toHindi(l.title),
        l.content.replace('<p>', `<p>${toHindi('')}`),
        l.duration,
      ]),
    );
    expect(hi.quizzes[0]!.questions[0]!.options.map((o) => [o.content, o.correct])).toEqual([
      [toHindi('In a bank account'), true],
      [toHindi('Under the bed'), false],
    ]);
    // It can be published as it is: nothing required is empty.
    await team.api.publishOk(team.editor.headers, id, 'hi');

    // The same file again changes nothing.
    const again = await importOk(
      team.hindi.headers,
      fillTargets(await exportOk(team.hindi.headers, id, 'hi'), translateUnit),
    );
    expect(again.items[0]).toMatchObject({ result: 'unchanged', version: 1 });
    expect(again.totals).toMatchObject({ changed: 0, unchanged: 13 });

    // The source changes: the export marks those fields stale.
    const edited = structuredClone(english);
    edited.title = 'Safe money for families';
    const lessonKey = english.chapters[0]!.lessons[1]!.key;
    edited.chapters[0]!.lessons[1]!.content = '<p>How, step by step.</p>';
    await team.api.saveOk(team.editor.headers, id, 'en', 1, edited);
    const staleFile = await exportOk(team.hindi.headers, id, 'hi');
    const staleUnits = unitsOf(staleFile).filter((u) => u.segment.includes('subState="jgk:stale"'));
    expect(staleUnits.map((u) => [u.name, u.source, u.target])).toEqual([
      ['title', 'Safe money for families', toHindi('Safe money')],
      [`lessons[${lessonKey}].content`, '<p>How, step by step.</p>', `<p>${toHindi('How.')}</p>`],
    ]);
    expect(staleUnits.every((u) => u.segment.includes('state="initial"'))).toBe(true);

    // The translator translates the title anew and marks the lesson, unchanged, as translated.
    const answered = fillTargets(staleFile, (unit) => {
      if (unit.name === 'title') return { target: toHindi('Safe money for families') };
      if (unit.name === `lessons[${lessonKey}].content`) return { target: unit.target!, state: 'reviewed' };
      return null;
    });
    const caughtUp = await importOk(team.hindi.headers, answered);
    expect(caughtUp.items[0]).toMatchObject({ result: 'saved', exportedFrom: 1, version: 2 });
    const outcome = (field: string) => caughtUp.items[0]!.fields.find((f) => f.field === field)?.outcome;
    expect(outcome('title')).toBe('changed');
    expect(outcome(`lessons[${lessonKey}].content`)).toBe('confirmed');
    expect(caughtUp.totals).toMatchObject({ changed: 1, confirmed: 1, unchanged: 11 });
    const stale = (await team.api.call('GET', `/api/staff/content/${id}/hi/stale`, team.hindi.headers)).json() as {
      fields: unknown[];
    };
    expect(stale.fields).toEqual([]);
    expect(((await team.api.head(team.editor.headers, id, 'hi')).body as CourseDocument).title).toBe(
      toHindi('Safe money for families'),
    );

    // The audit log has both imports as saves by the translator.
    const admin = await signInAsStaff(t.app, ['admin']);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/staff/audit?entityId=${id}&action=content.save`,
      headers: admin.headers,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const rows = (audit.json() as { rows: { lang: string | null; actor: { name: string } }[] }).rows.filter(
      (r) => r.lang === 'hi',
    );
    expect(rows.map((r) => r.actor.name)).toEqual(['Meena Translator', 'Meena Translator']);
  });

  it('reports units it cannot apply, each with its reason, and saves the rest', async () => {
    const { id, english } = await team.publishedEnglishCourse('tampered');
    const lesson = english.chapters[0]!.lessons[0]!;
    const exported = await exportOk(team.hindi.headers, id, 'hi');
    let xml = fillTargets(exported, (unit) => {
      if (unit.name === 'title') return { target: '<b>पैसा</b>' };
      if (unit.name === 'description')
        return { target: '<p>सुरक्षित</p><script>alert(1)</script><p onclick="x()">क्लिक</p>' };
      if (unit.name === 'summary') return { target: '   ' };
      if (unit.name === `lessons[${lesson.key}].content`)
        return { target: '<p>क्यों <a href="javascript:alert(1)">यहाँ</a></p>' };
      return translateUnit(unit);
    });
    const extra = [
      '<unit id="lessons_5Bno-such-lesson_5D.title"><segment><source>x</source><target>y</target></segment></unit>',
      '<unit id="not_an_id!"><segment><source>x</source><target>y</target></segment></unit>',
      '<unit id="image"><segment><source>x</source><target>uploads/other.svg</target></segment></unit>',
      `<unit id="lessons_5B${lesson.key}_5D.duration"><segment><source>5</source><target>50</target></segment></unit>`,
      `<unit id="lessons_5B${lesson.key}_5D.title"><segment><source>x</source><target>दूसरा</target></segment></unit>`,
      `<unit id="chapters_5B${english.chapters[0]!.key}_5D.title"><segment><source>Saving</source><target><pc id="1">बचत</pc></target></segment></unit>`,
    ].join('');
    // The chapter title is in the file already: the second one is a repeat; put it first to test the inline check.
    xml = xml.replace(new RegExp(`<unit id="chapters_5B${english.chapters[0]!.key}_5D\\.title"[^\\n]*</unit>`), '');
    xml = xml.replace('  </file>', `    ${extra}\n  </file>`);
    const report = await importOk(team.hindi.headers, xml);
    const item = report.items[0]!;
    expect(item.result).toBe('saved');
    const byUnit = new Map(item.fields.map((f) => [f.unit, f]));
    expect(byUnit.get('title')).toMatchObject({ outcome: 'refused', reason: 'markupInPlainText' });
    expect(byUnit.get('description')).toMatchObject({
      outcome: 'refused',
      reason: 'markupRefused',
      message: expect.stringContaining('<script>'),
    });
    expect(byUnit.get('description')!.message).toContain('onclick on <p>');
    expect(byUnit.get('summary')).toMatchObject({ outcome: 'refused', reason: 'emptyTarget' });
    expect(byUnit.get(`lessons_5B${lesson.key}_5D.content`)).toMatchObject({
      outcome: 'refused',
      reason: 'markupRefused',
      message: expect.stringContaining('javascript:'),
    });
    expect(byUnit.get('lessons_5Bno-such-lesson_5D.title')).toMatchObject({
      field: 'lessons[no-such-lesson].title',
      outcome: 'refused',
      reason: 'unknownUnit',
    });
    expect(byUnit.get('not_an_id!')).toMatchObject({ field: null, outcome: 'refused', reason: 'unknownUnit' });
    expect(byUnit.get('image')).toMatchObject({ outcome: 'refused', reason: 'notTranslatable' });
    expect(byUnit.get(`lessons_5B${lesson.key}_5D.duration`)).toMatchObject({
      outcome: 'refused',
      reason: 'notTranslatable',
    });
    expect(byUnit.get(`chapters_5B${english.chapters[0]!.key}_5D.title`)).toMatchObject({
      outcome: 'refused',
      reason: 'inlineMarkup',
    });
    // The lesson title was in the file twice: the first one (the translation) counts.
    const titles = item.fields.filter((f) => f.unit === `lessons_5B${lesson.key}_5D.title`);
    expect(titles.map((f) => [f.outcome, f.reason])).toEqual([
      ['changed', undefined],
      ['refused', 'duplicateUnit'],
    ]);
    expect(report.totals.refused).toBe(10);

    const hi = (await team.api.head(team.editor.headers, id, 'hi')).body as CourseDocument;
    expect(hi.title).toBe('');
    expect(hi.description).toBe('');
    expect(hi.image).toBe(english.image);
    expect(hi.chapters[0]!.lessons[0]).toMatchObject({
      title: toHindi('Why save'),
      duration: lesson.duration,
      content: '',
    });
    expect(hi.chapters[0]!.lessons[1]!.title).toBe(toHindi('How to save'));
    expect(hi.quizzes[0]!.title).toBe(toHindi('Check'));
  });

  it('an item saved after the export is answered as a conflict and not overwritten; other items of the file are saved', async () => {
    const first = await team.publishedEnglishCourse('conflict-one');
    const second = await team.publishedEnglishCourse('conflict-two');
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/staff/content/xliff/hi',
      headers: team.hindi.headers,
    });
    const filled = fillTargets(pending.body, translateUnit);

    // After the export, an editor saves Hindi of the first course by hand.
    const start = await team.api.template(team.editor.headers, first.id, 'hi');
    const byHand = structuredClone(start.body);
    byHand.title = 'हाथ से';
    await team.api.saveOk(team.editor.headers, first.id, 'hi', 0, byHand);

    const report = await importOk(team.hindi.headers, filled);
    const one = report.items.find((i) => i.itemId === first.id)!;
    const two = report.items.find((i) => i.itemId === second.id)!;
    expect(one).toMatchObject({ result: 'conflict', code: 'staleVersion', exportedFrom: 0, version: 1, fields: [] });
    expect(two).toMatchObject({ result: 'saved', version: 1 });
    expect(report.totals.conflicts).toBeGreaterThanOrEqual(1);
    const head = await team.api.head(team.editor.headers, first.id, 'hi');
    expect(head.version.number).toBe(1);
    expect((head.body as CourseDocument).title).toBe('हाथ से');
    expect(((await team.api.head(team.editor.headers, second.id, 'hi')).body as CourseDocument).title).toBe(
      toHindi('Safe money'),
    );
  });

  it('a source text changed after the export is refused for that field; the rest is saved', async () => {
    const { id, english } = await team.publishedEnglishCourse('source-moved');
    const exported = await exportOk(team.hindi.headers, id, 'hi');
    const edited = structuredClone(english);
    edited.title = 'Safe money, new title';
    await team.api.saveOk(team.editor.headers, id, 'en', 1, edited);
    const report = await importOk(team.hindi.headers, fillTargets(exported, translateUnit));
    expect(report.items[0]!.result).toBe('saved');
    expect(report.items[0]!.fields.find((f) => f.field === 'title')).toMatchObject({
      outcome: 'refused',
      reason: 'sourceChanged',
    });
    expect(report.totals).toMatchObject({ changed: 12, refused: 1 });
    expect(((await team.api.head(team.editor.headers, id, 'hi')).body as CourseDocument).title).toBe('');
  });

  it('a translator imports only into their languages; a file for another language is refused whole, nothing written', async () => {
    const { id } = await team.publishedEnglishCourse('other-language');
    const forHindi = fillTargets(await exportOk(team.editor.headers, id, 'hi'), translateUnit);
    const refused = await importXliff(team.tamil.headers, forHindi);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(messageBody('languageNotAssigned'));
    expect((await exportXliff(team.tamil.headers, id, 'hi')).json()).toEqual(messageBody('languageNotAssigned'));
    expect((await team.api.call('GET', `/api/staff/content/${id}/hi`, team.editor.headers)).statusCode).toBe(404);

    // Tamil is ta in the file (tm is Turkmen to a translator's tool), and the Tamil translator may import it.
    const forTamil = await exportOk(team.tamil.headers, id, 'tm');
    expect(forTamil).toContain('trgLang="ta"');
    const report = await importOk(
      team.tamil.headers,
      fillTargets(forTamil, (unit) => ({ target: unit.format === 'html' ? '<p>தமிழ்</p>' : 'தமிழ்' })),
    );
    expect(report).toMatchObject({ lang: 'tm', items: [{ result: 'saved', version: 1 }] });
    // Importing into the source language is refused.
    expect((await importXliff(team.editor.headers, forTamil.replace('trgLang="ta"', 'trgLang="en"'))).json()).toEqual(
      messageBody('xliffSourceLanguage'),
    );
  });

  it('an item that is not there, or deleted, is refused in the report', async () => {
    const { id } = await team.publishedEnglishCourse('deleted-later');
    const xml = fillTargets(await exportOk(team.hindi.headers, id, 'hi'), translateUnit);
    const unknown = xml.replaceAll(id, '5f0c4b8e-0000-4000-8000-00000000abcd');
    expect((await importOk(team.hindi.headers, unknown)).items[0]).toMatchObject({
      result: 'refused',
      code: 'contentNotFound',
    });
    expect((await importOk(team.hindi.headers, xml.replaceAll(id, 'not-a-uuid'))).items[0]).toMatchObject({
      result: 'refused',
      code: 'contentNotFound',
      itemId: null,
    });
    expect((await importOk(team.hindi.headers, xml.replace(/ jgk:baseVersion="0"/, ''))).items[0]).toMatchObject({
      result: 'refused',
      code: 'xliffInvalid',
    });
    expect((await team.api.call('DELETE', `/api/staff/content/${id}`, team.editor.headers)).statusCode).toBe(200);
    expect((await importOk(team.hindi.headers, xml)).items[0]).toMatchObject({
      result: 'refused',
      code: 'contentDeleted',
    });
  });
});

describe('files that are not read', () => {
  const header = '<?xml version="1.0" encoding="UTF-8"?>';
  const xliff = (inner: string, attributes = 'version="2.0" srcLang="en" trgLang="hi"') =>
    `${header}<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" ${attributes}>${inner}</xliff>`;

  it('refuses XML that is not well formed, with where it broke', async () => {
    const res = await importXliff(
      team.hindi.headers,
      xliff('<file id="x"><unit id="a"><segment><source>a</source></segment></file>'),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; details: { field: string; message: string }[] };
    expect(body.code).toBe('xliffMalformed');
    expect(body.details[0]!.message).toMatch(/\d+:\d+/);
    expect((await importXliff(team.hindi.headers, 'not xml at all')).json()).toMatchObject({ code: 'xliffMalformed' });
    expect((await importXliff(team.hindi.headers, xliff('<file id="x">&nbsp;</file>'))).json()).toMatchObject({
      code: 'xliffMalformed',
    });
  });

  it('refuses an XML bomb and external entities before reading them, quickly', async () => {
    const lol = [
      '<!DOCTYPE xliff [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
      ']>',
    ].join('\n');
    const bomb = `${header}\n${lol}\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="hi"><file id="x"><unit id="title"><segment><source>a</source><target>&lol9;</target></segment></unit></file></xliff>`;
    const started = Date.now();
    const res = await importXliff(team.hindi.headers, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'xliffMalformed',
      details: [{ field: 'xml', message: expect.stringContaining('DOCTYPE') }],
    });
    expect(Date.now() - started).toBeLessThan(5000);

    const external = `${header}<!DOCTYPE xliff [<!ENTITY secret SYSTEM "file:///etc/passwd">]><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="hi"><file id="x"><unit id="title"><segment><source>a</source><target>&secret;</target></segment></unit></file></xliff>`;
    expect((await importXliff(team.hindi.headers, external)).json()).toMatchObject({ code: 'xliffMalformed' });
  });

  it('refuses what is not an XLIFF 2.0 file of a language of the site', async () => {
    const invalid = async (xml: string, field: string) => {
      const res = await importXliff(team.hindi.headers, xml);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'xliffInvalid', details: [{ field }] });
    };
    await invalid(`${header}<html><body/></html>`, 'xliff');
    await invalid(`${header}<xliff version="2.0" srcLang="en" trgLang="hi"/>`, 'xliff');
    await invalid(xliff('<file id="x"/>', 'version="1.2" srcLang="en" trgLang="hi"'), 'xliff@version');
    await invalid(xliff('<file id="x"/>', 'version="2.0" srcLang="en"'), 'xliff@trgLang');
    await invalid(xliff('<file id="x"/>', 'version="2.0" srcLang="en" trgLang="fr"'), 'xliff@trgLang');
    await invalid(xliff(''), 'file');

    // Not sent as XML at all.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/staff/content/xliff',
      headers: team.hindi.headers,
      payload: { xliff: 'no' },
    });
    expect(json.statusCode).toBe(400);
    const binary = await importXliff(team.hindi.headers, xliff(''), 'application/octet-stream');
    expect(binary.statusCode).toBe(415);
    expect(binary.json()).toEqual(messageBody('unsupportedType'));
    // application/xml is taken as well.
    expect((await importXliff(team.hindi.headers, xliff(''), 'application/xml')).json()).toMatchObject({
      code: 'xliffInvalid',
    });
  });
});
