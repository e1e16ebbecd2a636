// Read aloud through HTTP: a learner hears a published Hindi course in the engine's voice, sentence
// by sentence, and a translator's recording in its place for the sentences it speaks; a text edit
// makes the recording stale (and undoing it fresh again), and the staff's list says what changed;
// a recording that is not audio, too long, too large or for another language is refused; the queue
// is visible to the staff, and a failed job can be queued again by an editor.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import type { CourseVoices } from '../../../contract/read-aloud';
import { RECORDING_MAX_BYTES, RECORDING_MAX_MS_PER_SENTENCE } from '../../../contract/read-aloud-rules';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { toHindi, translateCourse, translationTeamPerFile } from '../authoring/authoring-test-helpers';
import { uploadDepsFromConfig } from '../uploads/service';
import { ENCODE_RATE, encodeOggOpus, readOggOpus } from './ogg-opus';
import { queuePublished, runNextJob, type ReadAloudDeps } from './service';
import { wav } from './recording-test-files';
import type { PackManifest, SignedPackManifest } from '../../../contract/packs';

const t = testAppPerFile();
const team = translationTeamPerFile(t);
let analyst: SignedIn;
let learner: SignedIn;
let deps: ReadAloudDeps;

const LESSON = '<p>कोई भी बैंक ओटीपी नहीं माँगता। धोखा हो जाए तो 1930 पर कॉल करें। शिकायत दर्ज करें।</p>';

let course: {
  id: string;
  courseId: string;
  lessonKey: string;
  lessonId: string;
  hindi: CourseDocument;
  version: number;
};

function form(bytes: Uint8Array, filename: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), filename);
  return body;
}

const record = (
  who: SignedIn | undefined,
  bytes: Uint8Array,
  query: { part?: string; firstSentence?: number; sentenceCount?: number; lang?: string; itemId?: string } = {},
) => {
  const params = new URLSearchParams({
    part: query.part ?? `lessons[${course.lessonKey}].content`,
    firstSentence: String(query.firstSentence ?? 1),
    sentenceCount: String(query.sentenceCount ?? 1),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/staff/read-aloud/${query.itemId ?? course.id}/${query.lang ?? 'hi'}/recordings?${params}`,
    headers: who?.headers,
    payload: form(bytes, 'take-1.wav'),
  });
};

const get = (who: SignedIn | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers });

async function voices(): Promise<CourseVoices> {
  const res = await get(learner, `/api/read-aloud/courses/${course.courseId}?lang=hi`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CourseVoices;
}
const lessonVoice = async () => (await voices()).parts.find((p) => p.part === `lessons[${course.lessonKey}].content`)!;

async function drain() {
  while (await runNextJob(deps));
}

/** The Hindi lesson's text set to `content` and published, by the Hindi translator. */
async function publishHindiLesson(content: string) {
  const head = await team.api.head(team.hindi.headers, course.id, 'hi');
  const body = structuredClone(head.body as CourseDocument);
  body.chapters[0]!.lessons[0]!.content = content;
  await team.api.saveOk(team.hindi.headers, course.id, 'hi', head.version.number, body);
  await team.api.publishOk(team.editor.headers, course.id, 'hi');
}

beforeAll(async () => {
  analyst = await signInAsStaff(t.app, ['analyst']);
  learner = await signInAs(t.app);
  deps = { db: t.app.db, storage: uploadDepsFromConfig(t.app.config).storage };
  const { id, english } = await team.publishedEnglishCourse('read-aloud');
  const template = await team.api.template(team.hindi.headers, id, 'hi');
  const hindi = translateCourse(template.body, english, toHindi);
  hindi.chapters[0]!.lessons[0]!.content = LESSON;
  const saved = await team.api.saveOk(team.hindi.headers, id, 'hi', template.baseVersion, hindi);
  const { publicId } = await team.api.publishOk(team.editor.headers, id, 'hi');
  const outline = (await get(undefined, `/api/course/public/hi/${publicId}`)).json() as {
    course_hi: { chapter_his: { lesson_his: { id: string }[] }[] };
  };
  course = {
    id,
    courseId: publicId,
    lessonKey: (saved.body as CourseDocument).chapters[0]!.lessons[0]!.key!,
    lessonId: outline.course_hi.chapter_his[0]!.lesson_his[0]!.id,
    hindi: saved.body as CourseDocument,
    version: saved.version.number,
  };
  await queuePublished(t.app.db);
  await drain();
});

describe('a learner listens', () => {
  it('hears every spoken text in the engine’s voice, each sentence with its times, by the ids the lesson page knows', async () => {
    const answer = await voices();
    expect(answer).toMatchObject({ courseId: course.courseId, lang: 'hi' });
    expect(answer.parts.length).toBeGreaterThanOrEqual(6);
    const lesson = await lessonVoice();
    expect(lesson.elementId).toBe(course.lessonId);
    expect(lesson.sentences).toHaveLength(3);
    expect(lesson.stale).toBe(false);
    expect(lesson.segments).toHaveLength(1);
    const [segment] = lesson.segments;
    expect(segment).toMatchObject({ kind: 'synthetic', stale: false });
    expect(segment!.sentences.map((s) => s.index)).toEqual([0, 1, 2]);
    // The sentences follow one another and end with the file.
    expect(segment!.sentences[0]!.startMs).toBe(0);
    for (let i = 1; i < 3; i++) expect(segment!.sentences[i]!.startMs).toBe(segment!.sentences[i - 1]!.endMs);
    expect(segment!.sentences[2]!.endMs).toBe(segment!.durationMs);
    // The file is there, at 16 kbit/s, served like every stored file.
    const file = await t.app.inject({ method: 'GET', url: `/${segment!.audio}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^audio\/ogg/);
    expect(readOggOpus(file.rawPayload).durationMs).toBe(segment!.durationMs);
    expect(file.rawPayload.length).toBe(segment!.bytes);
  });

  it('takes the voices into the course’s pack, their list and every file it names, unless declined', async () => {
    const packOf = async (query: string) => {
      const res = await get(learner, `/api/packs/hi/${course.courseId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return JSON.parse((res.json() as SignedPackManifest).manifest) as PackManifest;
    };
    const answer = await voices();
    const files = [...new Set(answer.parts.flatMap((part) => part.segments.map((segment) => `/${segment.audio}`)))];
    const pack = await packOf('');
    expect(pack.withVoices).toBe(true);
    const audio = pack.files.filter((file) => file.kind === 'audio');
    expect(audio.map((file) => file.url)).toEqual([`/api/read-aloud/courses/${course.courseId}?lang=hi`, ...files]);
    // Each as its address answers it, so the phone checks what the player will ask for.
    for (const file of audio) {
      const body = (await get(learner, file.url)).rawPayload;
      expect(body.length).toBe(file.size);
      expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    }
    expect(pack.sizes.audio).toBe(audio.reduce((sum, file) => sum + file.size, 0));
    const declined = await packOf('?voices=false');
    expect(declined.withVoices).toBe(false);
    expect(declined.files.some((file) => file.kind === 'audio')).toBe(false);
    // The same publication, whichever files a phone takes.
    expect(declined.version).toBe(pack.version);
    expect(declined.sizes.audio).toBe(pack.sizes.audio);
  });

  it('is told 404 for a course that is not published, and 400 for a language that is not one', async () => {
    expect((await get(learner, `/api/read-aloud/courses/${course.id}?lang=hi`)).statusCode).toBe(404);
    expect((await get(learner, `/api/read-aloud/courses/${course.courseId}?lang=en`)).statusCode).toBe(404);
    expect((await get(learner, `/api/read-aloud/courses/${course.courseId}?lang=xx`)).statusCode).toBe(400);
  });
});

describe('a translator records', () => {
  it('records the second sentence, and the learner hears it in place of the engine’s voice for that sentence only', async () => {
    const res = await record(team.hindi, wav(3));
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as { durationMs: number; bytes: number; audio: string };
    expect(saved.durationMs).toBeGreaterThan(2950);
    expect(saved.durationMs).toBeLessThan(3050);
    // Stored re-encoded at 16 kbit/s: three seconds of CD-quality stereo (529 KB) in a few KB.
    expect(saved.bytes).toBeLessThan(10_000);

    const lesson = await lessonVoice();
    expect(lesson.segments.map((s) => [s.kind, s.stale, s.sentences.map((x) => x.index)])).toEqual([
      ['synthetic', false, [0]],
      ['recorded', false, [1]],
      ['synthetic', false, [2]],
    ]);
    expect(lesson.segments[1]!.sentences[0]).toEqual({ index: 1, startMs: 0, endMs: saved.durationMs });
  });

  it('lists the texts to record with their readers, the most-read first', async () => {
    type Outline = { course_hi: { chapter_his: { id: string; lesson_his: { id: string }[] }[] } };
    const outline = (await get(undefined, `/api/course/public/hi/${course.courseId}`)).json() as Outline;
    const chapter = outline.course_hi.chapter_his.at(-1)!;
    const lesson = chapter.lesson_his.at(-1)!;
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: learner.headers });
    expect((await post(`/api/progress/hi/${course.courseId}`)).statusCode).toBeLessThan(300);
    const done = await post(`/api/progress/hi/${course.courseId}/chapters/${chapter.id}/lessons/${lesson.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const res = await get(team.hindi, '/api/staff/read-aloud/needs-voice/hi');
    expect(res.statusCode, res.body).toBe(200);
    const texts = (res.json() as { texts: { part: string; readers: number }[] }).texts;
    // The lesson one learner completed comes first; the rest, read by nobody yet, keep the course's order.
    expect(texts[0]).toMatchObject({ readers: 1 });
    expect(texts[0]!.part).toMatch(/^lessons\[[^\]]+\]\.content$/);
    expect(texts.slice(1).every((text) => text.readers === 0)).toBe(true);
    expect(texts.map((text) => text.part).includes(`lessons[${course.lessonKey}].content`)).toBe(true);
  });

  it('makes the recording stale when its sentence is edited, says what changed, and fresh again when the edit is undone', async () => {
    await publishHindiLesson(LESSON.replace('1930', '112'));
    // Before the engine has voiced the new text, the stale recording is all there is: played, marked stale.
    const before = await lessonVoice();
    expect(before.stale).toBe(true);
    expect(before.segments.find((s) => s.kind === 'recorded')?.stale).toBe(true);
    const list = await get(team.hindi, '/api/staff/read-aloud/needs-voice/hi');
    expect(list.statusCode, list.body).toBe(200);
    const text = (
      list.json() as { texts: { part: string; staleRecordings: { before: string; after: string }[] }[] }
    ).texts.find((x) => x.part === `lessons[${course.lessonKey}].content`)!;
    expect(text.staleRecordings).toEqual([
      {
        firstSentence: 1,
        sentenceCount: 1,
        before: 'धोखा हो जाए तो 1930 पर कॉल करें।',
        after: 'धोखा हो जाए तो 112 पर कॉल करें।',
      },
    ]);
    // Once the engine has voiced the new text, learners hear it rather than the stale recording.
    await queuePublished(t.app.db);
    await drain();
    const voiced = await lessonVoice();
    expect(voiced.stale).toBe(false);
    expect(voiced.segments.map((s) => s.kind)).toEqual(['synthetic']);

    await publishHindiLesson(LESSON);
    const undone = await lessonVoice();
    expect(undone.segments.find((s) => s.kind === 'recorded')).toMatchObject({ stale: false });
    const after = (await get(team.hindi, '/api/staff/read-aloud/needs-voice/hi')).json() as {
      texts: { part: string; unrecorded: number[]; staleRecordings: unknown[] }[];
    };
    expect(after.texts.find((x) => x.part === `lessons[${course.lessonKey}].content`)).toMatchObject({
      unrecorded: [0, 2],
      staleRecordings: [],
    });
  });

  it('refuses what is not audio, a damaged file, too long a recording and too large a file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notAudio = await record(team.hindi, png);
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json()).toMatchObject({ code: 'uploadNotAccepted' });

    const ogg = encodeOggOpus(new Int16Array(ENCODE_RATE));
    const damaged = Buffer.from(ogg);
    damaged[damaged.length - 3] = damaged[damaged.length - 3]! ^ 0xff;
    expect((await record(team.hindi, damaged)).statusCode).toBe(422);

    const tooLong = await record(team.hindi, wav(RECORDING_MAX_MS_PER_SENTENCE / 1000 + 1, 8000, 1));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toMatch(/at most 30 seconds/);
    // Two sentences may last twice as long.
    const twoSentences = await record(team.hindi, wav(RECORDING_MAX_MS_PER_SENTENCE / 1000 + 1, 8000, 1), {
      firstSentence: 0,
      sentenceCount: 2,
    });
    expect(twoSentences.statusCode, twoSentences.body).toBe(201);

    const tooLarge = await record(team.hindi, Buffer.alloc(RECORDING_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'uploadTooLarge' });
    expect((await record(team.hindi, Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('refuses sentences the text does not have, a text that is not spoken, and a language not published', async () => {
    const beyond = await record(team.hindi, wav(1), { firstSentence: 2, sentenceCount: 2 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details).toEqual([{ field: 'sentenceCount', message: 'the text has 3 sentences' }]);
    expect((await record(team.hindi, wav(1), { part: 'title' })).statusCode).toBe(400);
    expect((await record(team.hindi, wav(1), { part: 'lessons[x]' })).statusCode).toBe(400);
    expect((await record(team.editor, wav(1), { lang: 'bn' })).statusCode).toBe(404);
    expect((await record(team.editor, wav(1), { firstSentence: -1 })).statusCode).toBe(400);
  });

  it('lets a translator record only in their languages, and nobody without the role or a session', async () => {
    const tamil = await record(team.tamil, wav(1));
    expect(tamil.statusCode).toBe(403);
    expect(tamil.json()).toMatchObject({ code: 'languageNotAssigned' });
    expect((await get(team.tamil, '/api/staff/read-aloud/needs-voice/hi')).statusCode).toBe(403);
    expect((await get(team.tamil, '/api/staff/read-aloud/needs-voice/tm')).statusCode).toBe(200);
    expect((await record(analyst, wav(1))).statusCode).toBe(403);
    expect((await record(learner, wav(1))).statusCode).toBe(403);
    expect((await record(undefined, wav(1))).statusCode).toBe(401);
    expect((await record(team.editor, wav(1))).statusCode).toBe(201); // editors work in every language
  });
});

describe('the staff see the queue', () => {
  it('lists each job with its state, tries and error; an editor queues a failed one again, a translator may not', async () => {
    // A new version whose synthesis fails for good.
    await publishHindiLesson(`${LESSON}<p>नया वाक्य।</p>`);
    await queuePublished(t.app.db);
    const failing = {
      ...deps,
      synthesise: async () => {
        throw new Error('no voice for hi');
      },
    };
    for (let i = 0; i < 5; i++)
      await runNextJob({ ...failing, now: () => new Date(Date.now() + (i + 1) * 3 * 3600_000) });

    const list = await get(team.editor, '/api/staff/read-aloud/jobs?state=failed&lang=hi');
    expect(list.statusCode, list.body).toBe(200);
    const { jobs, total } = list.json() as {
      jobs: { id: string; state: string; attempts: number; lastError: string; title: string }[];
      total: number;
    };
    expect(total).toBe(1);
    expect(jobs[0]).toMatchObject({
      state: 'failed',
      attempts: 5,
      lastError: 'no voice for hi',
      title: expect.any(String),
    });
    expect((await get(team.tamil, '/api/staff/read-aloud/jobs')).statusCode).toBe(200);
    expect((await get(analyst, '/api/staff/read-aloud/jobs')).statusCode).toBe(403);
    expect((await get(team.editor, '/api/staff/read-aloud/jobs?state=stuck')).statusCode).toBe(400);

    const retry = (who: SignedIn, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/staff/read-aloud/jobs/${id}/retry`, headers: who.headers });
    expect((await retry(team.hindi, jobs[0]!.id)).statusCode).toBe(403);
    const again = await retry(team.editor, jobs[0]!.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await retry(team.editor, jobs[0]!.id)).statusCode).toBe(404); // no longer failed
    await drain();
    const done = (await get(team.editor, `/api/staff/read-aloud/jobs?lang=hi`)).json() as {
      jobs: { id: string; state: string }[];
    };
    expect(done.jobs.find((j) => j.id === jobs[0]!.id)?.state).toBe('done');
  });
});
