// A simulated learner over HTTP, as the web app calls the API: its own address (X-Forwarded-For, the
// server trusting the script as its proxy), its session cookie, and every answer recorded with its
// status, time and, for a failure without an answer, what kind of failure it was.
import { performance } from 'node:perf_hooks';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { ServerProcess } from './server-process';
import { paths } from '../../../web/app/paths';

/** How a call ended: an HTTP status, or how it failed without one. */
export type Outcome =
  | { status: number; error?: undefined }
  | { status: 0; error: 'timeout' | 'refused' | 'reset' | 'truncated' | 'other'; detail: string };

export type Answer = Outcome & {
  /** When the call was sent and answered, in ms on the script's clock (performance.now()). */
  sentAt: number;
  answeredAt: number;
  body: unknown;
  headers: Headers | undefined;
};

/** A call still unanswered after this long counts as a hang. */
export const CALL_TIMEOUT_MS = 15_000;

function failureKind(error: unknown): Extract<Outcome, { status: 0 }>['error'] {
  const causes: unknown[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) causes.push(e);
  const text = causes
    .map((e) => `${(e as { name?: string }).name} ${(e as { code?: string }).code} ${(e as Error).message}`)
    .join(' | ');
  if (/TimeoutError|AbortError/.test(text)) return 'timeout';
  if (/ECONNREFUSED/.test(text)) return 'refused';
  if (/ECONNRESET|EPIPE|other side closed|socket hang up|UND_ERR_SOCKET/.test(text)) return 'reset';
  return 'other';
}

function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(`${(e as { code?: string }).code ?? (e as { name?: string }).name}: ${(e as Error).message}`);
  }
  return parts.join(' <- ');
}

export class Learner {
  cookie = '';

  constructor(
    readonly baseUrl: string,
    readonly mobile: string,
    /** The address the server sees (X-Forwarded-For). */
    readonly address: string,
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const sentAt = performance.now();
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return {
        status: 0,
        error: failureKind(error),
        detail: describe(error),
        sentAt,
        answeredAt: performance.now(),
        body: undefined,
        headers: undefined,
      };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The status line arrived but the body did not: an answer cut off half-way.
      const kind = failureKind(error) === 'timeout' ? 'timeout' : 'truncated';
      return {
        status: 0,
        error: kind,
        detail: describe(error),
        sentAt,
        answeredAt: performance.now(),
        body: undefined,
        headers: response.headers,
      };
    }
    const setCookie = response.headers.get('set-cookie');
    const sid = setCookie && /(?:^|,\s*)((?:__Host-)?sid=[^;]*)/.exec(setCookie)?.[1];
    if (sid) this.cookie = sid.endsWith('=') ? '' : sid;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, sentAt, answeredAt: performance.now(), body: parsed, headers: response.headers };
  }

  /** Signs in with a one-time password read from the server's log: registers a new number, logs in a known one. */
  async signIn(server: Pick<ServerProcess, 'otpFor'>, name: string): Promise<void> {
    const sent = await this.call('POST', '/api/user/send-otp', { mobile: this.mobile });
    if (sent.status !== 200 && sent.status !== 404)
      throw new Error(`send-otp for ${this.mobile}: ${sent.status} ${JSON.stringify(sent.body)}`);
    const otp = await server.otpFor(this.mobile);
    const signed =
      sent.status === 404
        ? await this.call('POST', '/api/user/register', { mobile: this.mobile, otp, name })
        : await this.call('POST', '/api/user/login', { mobile: this.mobile, otp });
    if (signed.status !== 200 || !this.cookie)
      throw new Error(`sign-in of ${this.mobile}: ${signed.status} ${JSON.stringify(signed.body)}`);
  }
}

/** n learners with distinct numbers (91 + 10 digits starting 7) and addresses from 10.x.y.z. */
export function learners(baseUrl: string, n: number, first = 0): Learner[] {
  return Array.from({ length: n }, (_, i) => {
    const k = first + i;
    return new Learner(
      baseUrl,
      `917${String(100_000_000 + k).padStart(9, '0')}`,
      `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
    );
  });
}

/** One thing a learner can complete: a lesson or a video of a course. */
export interface Completable {
  lang: LanguageCode;
  courseId: string;
  id: string;
  path: string;
  /** The lesson's page in the web app (a video has none of its own). */
  page?: string;
}

export interface Quiz {
  lang: LanguageCode;
  courseId: string;
  quizId: string;
  path: string;
  /** The first option of every question: a valid submission, right or wrong. */
  answers: { questionId: string; selectedOptions: string[] }[];
}

export interface LearningMap {
  courses: { lang: LanguageCode; courseId: string }[];
  completables: Completable[];
  quizzes: Quiz[];
}

async function getJson(baseUrl: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

type Row = Record<string, unknown> & { id: string };

/** Every published course in every language, with its lessons, videos and quizzes, read from the public API. */
export async function learningMap(baseUrl: string): Promise<LearningMap> {
  const map: LearningMap = { courses: [], completables: [], quizzes: [] };
  for (const lang of LANGUAGE_CODES) {
    const list = (await getJson(baseUrl, `/api/course/public?lang=${lang}`)) as { courses: Row[] };
    for (const { id: courseId } of list.courses) {
      map.courses.push({ lang, courseId });
      const detail = (await getJson(baseUrl, `/api/course/public/${lang}/${courseId}`))[`course_${lang}`] as Record<
        string,
        Row[]
      >;
      const base = `/api/progress/${lang}/${courseId}`;
      for (const chapter of detail[`chapter_${lang}s`]!) {
        for (const lesson of chapter[`lesson_${lang}s`] as Row[]) {
          map.completables.push({
            lang,
            courseId,
            id: lesson.id,
            path: `${base}/chapters/${chapter.id}/lessons/${lesson.id}/complete`,
            page: paths.lesson(lang, courseId, chapter.id, lesson.id),
          });
        }
      }
      for (const video of detail.videos!) {
        map.completables.push({ lang, courseId, id: video.id, path: `${base}/videos/${video.id}/complete` });
      }
      for (const { id: quizId } of detail[`quiz_${lang}s`]!) {
        const quiz = (await getJson(baseUrl, `/api/quiz/public/${lang}/${courseId}/quiz/${quizId}`))[
          `quiz_${lang}`
        ] as Record<string, Row[]>;
        const answers = quiz[`question_${lang}s`]!.map((question) => ({
          questionId: question.id,
          selectedOptions: [(question[`option_${lang}s`] as Row[])[0]!.id],
        }));
        map.quizzes.push({ lang, courseId, quizId, path: `${base}/quiz/${quizId}/complete`, answers });
      }
    }
  }
  if (map.completables.length === 0 || map.quizzes.length === 0)
    throw new Error('the sample content has no lessons or quizzes');
  return map;
}
