// Every URL of the web app: links are built here from the pages' own patterns (pages.ts), never
// typed inline. A page without parameters has its builder made for it; the others are below.
import type { LanguageCode } from '../../contract/languages';
import { ENROL_PARAM } from '../lib/learning-paths';
import { pages, redirects, type PageName } from './pages';

/** The certificate's card on the profile page (its element id). */
export const CERTIFICATE_ANCHOR = 'certificate';

/** The `:name` parameters of a pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern with its parameters filled in, each one encoded as a single path segment. */
function fillPath<P extends string>(pattern: P, params: Record<ParamNames<P>, string>): string {
  const values: Record<string, string> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The pages whose address has no parameter. */
type FixedPage = { [K in PageName]: (typeof pages)[K]['path'] extends `${string}:${string}` ? never : K }[PageName];

const fixedPaths = Object.fromEntries(
  Object.entries(pages)
    .filter(([, page]) => !page.path.includes(':'))
    .map(([name, page]) => [name, () => page.path]),
) as Record<FixedPage, () => string>;

export const paths = {
  ...fixedPaths,
  login: (redirect?: string) =>
    redirect ? `${pages.login.path}?redirect=${encodeURIComponent(redirect)}` : pages.login.path,
  stories: () => redirects.stories.path,
  certificate: () => `${pages.profile.path}#${CERTIFICATE_ANCHOR}`,
  blog: (blogId: string) => fillPath(pages.blog.path, { blogId }),
  story: (storyId: string) => fillPath(pages.story.path, { storyId }),
  course: (lang: LanguageCode | string, courseId: string) => fillPath(pages.course.path, { lang, courseId }),
  courseEnrol: (lang: LanguageCode | string, courseId: string) =>
    `${fillPath(pages.course.path, { lang, courseId })}?${ENROL_PARAM}=1`,
  courseJournal: (lang: string, courseId: string) => fillPath(pages.courseJournal.path, { lang, courseId }),
  courseSummary: (lang: string, courseId: string) => fillPath(pages.courseSummary.path, { lang, courseId }),
  chapter: (lang: string, courseId: string, chapterId: string) =>
    fillPath(pages.chapter.path, { lang, courseId, chapterId }),
  lesson: (lang: string, courseId: string, chapterId: string, lessonId: string) =>
    fillPath(pages.lesson.path, { lang, courseId, chapterId, lessonId }),
  quiz: (lang: string, courseId: string, quizId: string) => fillPath(pages.quiz.path, { lang, courseId, quizId }),
  quizDemo: (lang: string, courseId: string, quizId: string) =>
    fillPath(pages.quizDemo.path, { lang, courseId, quizId }),
  video: (lang: string, courseId: string, videoId: string) => fillPath(pages.video.path, { lang, courseId, videoId }),
  event: (eventKey: string) => fillPath(pages.event.path, { eventKey }),
  eventLeaderboard: (eventKey: string) => fillPath(pages.eventLeaderboard.path, { eventKey }),
  certificateVerify: (number: string) => fillPath(pages.certificateVerify.path, { number }),
  staffItem: (itemId: string, lang: string) => fillPath(pages.staffItem.path, { itemId, lang }),
  staffPreview: (itemId: string, lang: string) => fillPath(pages.staffPreview.path, { itemId, lang }),
  staffPreviewFrame: (itemId: string, lang: string) => fillPath(pages.staffPreviewFrame.path, { itemId, lang }),
  staffEditor: (itemId: string, lang: string) => fillPath(pages.staffEditor.path, { itemId, lang }),
  staffTranslate: (itemId: string, lang: string) => fillPath(pages.staffTranslate.path, { itemId, lang }),
  staffCourseAnalytics: (courseId: string) => fillPath(pages.staffCourseAnalytics.path, { courseId }),
  staffMediaFile: (fileId: string) => fillPath(pages.staffMediaFile.path, { fileId }),
  staffEvent: (eventId: string) => fillPath(pages.staffEvent.path, { eventId }),
  staffEventQuestions: (eventId: string) => fillPath(pages.staffEventQuestions.path, { eventId }),
  staffEventTexts: (eventId: string, lang: string) => fillPath(pages.staffEventTexts.path, { eventId, lang }),
} as const;
