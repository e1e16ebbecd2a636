// A course's draft as learners will see it, in the console's preview frame: the course page and the
// learning views (web/components/course/course-page.tsx, learning-frame.tsx, learning-articles.tsx) drawn from the
// preview's answers (GET /api/staff/content/{id}/{lang}/preview), which the console's route module
// hands over with the frame's address. Every link stays at that address, the place in its query
// (coursePreviewPaths), so a move never leaves the preview. Nothing is sent
// and nothing is recorded: Enroll, Mark as complete and the journal's Save show as a learner would
// see them but cannot be pressed; a quiz can be tried, scored in the browser by the server's rule
// (contract/quiz-scoring.ts) with the answer key the preview carries (docs/web.md).
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { scoreChosen } from '../../../../contract/quiz-scoring';
import type { QuizAnswers, QuizResult } from '../../../components/quiz-player/quiz-player';
import {
  toChapterView,
  toCourseView,
  toQuizView,
  type CoursePreviewAnswer,
  type CourseView,
} from '../../../lib/course/course-views';
import { learningItems } from '../../../lib/course/course-items';
import { CoursePage } from '../../../components/course/course-page';
import { LearningFrame } from './learning-frame';
import {
  ChapterLessons,
  ConclusionArticle,
  JournalForm,
  LessonArticle,
  NextStepLinks,
  QuizArticle,
  VideoArticle,
  useQuizMessage,
} from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';

/** Where in the course the preview is: the course page when nothing is named. */
export interface CoursePreviewPlace {
  chapterId?: string;
  lessonId?: string;
  videoId?: string;
  quizId?: string;
  conclusion?: 'summary' | 'journal';
}

/**
 * The addresses the course's views link to in a preview: the frame's own, `frame`, with the place in
 * its query; the site's other pages (home, the catalogue, sign-in) are the course page.
 */
export function coursePreviewPaths(frame: string): LearningPaths {
  const at = (place: Record<string, string>) => `${frame}?${new URLSearchParams(place).toString()}`;
  return {
    home: () => frame,
    courses: () => frame,
    login: () => frame,
    certificate: () => frame,
    course: () => frame,
    courseEnrol: () => frame,
    courseJournal: () => at({ conclusion: 'journal' }),
    courseSummary: () => at({ conclusion: 'summary' }),
    chapter: (_lang, _course, chapter) => at({ chapter }),
    lesson: (_lang, _course, chapter, lesson) => at({ chapter, lesson }),
    quiz: (_lang, _course, quiz) => at({ quiz }),
    quizDemo: (_lang, _course, quiz) => at({ quiz }),
    video: (_lang, _course, video) => at({ video }),
  };
}

/** The place a preview's query names (as coursePreviewPaths writes it). */
export function coursePreviewPlace(query: URLSearchParams): CoursePreviewPlace {
  const conclusion = query.get('conclusion');
  return {
    chapterId: query.get('chapter') ?? undefined,
    lessonId: query.get('lesson') ?? undefined,
    videoId: query.get('video') ?? undefined,
    quizId: query.get('quiz') ?? undefined,
    conclusion: conclusion === 'summary' || conclusion === 'journal' ? conclusion : undefined,
  };
}

export function CoursePreview({
  preview,
  lang,
  frame,
  query,
  missing,
}: {
  preview: CoursePreviewAnswer;
  lang: LanguageCode;
  /** The frame's address: the course page. */
  frame: string;
  /** The frame's query: the place in the course. */
  query: URLSearchParams;
  /** Shown for a place the draft does not have (a lesson since removed, an address typed by hand). */
  missing: ReactNode;
}) {
  const { t } = useTranslation('learning');
  if (!preview.course) return null;
  const course = toCourseView(preview.course, lang);
  const paths = coursePreviewPaths(frame);
  const place = coursePreviewPlace(query);
  const { chapterId, videoId, quizId, conclusion } = place;
  if (!chapterId && !videoId && !quizId && !conclusion) {
    return (
      <CoursePage
        course={course}
        lang={lang}
        paths={paths}
        actions={
          <button type="button" className="btn course__enrol" disabled>
            {t('enroll')}
          </button>
        }
      />
    );
  }
  return (
    <LearningFrame course={course} paths={paths}>
      <PreviewView preview={preview} course={course} place={place} paths={paths} missing={missing} />
    </LearningFrame>
  );
}

function PreviewView({
  preview,
  course,
  place,
  paths,
  missing,
}: {
  preview: CoursePreviewAnswer;
  course: CourseView;
  place: CoursePreviewPlace;
  paths: LearningPaths;
  missing: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const message = useQuizMessage();
  const lang = course.lang as LanguageCode;
  const { chapterId, lessonId, videoId, quizId, conclusion } = place;
  const next = (current: string) => (
    <NextStepLinks
      items={learningItems(course, null, paths, { journal: t('journal'), summary: t('summary') })}
      current={current}
      coursePath={paths.course(lang, course.id)}
    />
  );

  if (chapterId) {
    const answer = preview.chapters?.[chapterId];
    if (!answer) return missing;
    const chapter = toChapterView(answer, lang);
    if (!lessonId) return <ChapterLessons chapter={chapter} lang={lang} courseId={course.id} paths={paths} />;
    const lesson = chapter.lessons.find((l) => l.id === lessonId);
    if (!lesson) return missing;
    return (
      <LessonArticle
        key={lesson.id}
        chapterTitle={chapter.title}
        lesson={lesson}
        actions={
          <button type="button" className="btn" disabled>
            {t('markComplete')}
          </button>
        }
        next={next(`${chapter.id}::${lesson.id}`)}
      />
    );
  }
  if (videoId) {
    const video = course.videos.find((v) => v.id === videoId);
    if (!video) return missing;
    return (
      <VideoArticle
        key={video.id}
        video={video}
        status={
          <p className="view__meta" role="status">
            {t('videoHint')}
          </p>
        }
        next={next(video.id)}
      />
    );
  }
  if (quizId) {
    const answer = preview.quizzes?.[quizId];
    if (!answer) return missing;
    const quiz = toQuizView(answer.quiz, lang);
    // Scored here, as the server would score it: the try is the editor's and is not recorded.
    const onSubmit = async (answers: QuizAnswers): Promise<QuizResult> => {
      const chosen = new Map(Object.entries(answers).map(([id, options]) => [id, new Set(options)]));
      const result = scoreChosen(answer.key, quiz.passingCriteria, chosen);
      return {
        score: result.score,
        passed: result.passed,
        message: message({ ...result, passingCriteria: quiz.passingCriteria }),
        review: result.review,
      };
    };
    return <QuizArticle key={quiz.id} quiz={quiz} onSubmit={onSubmit} next={next(quiz.id)} />;
  }
  if (conclusion === 'summary' && course.summary)
    return <ConclusionArticle part="summary" text={course.summary} next={next('summary')} />;
  if (conclusion === 'journal' && course.journal) {
    return (
      <ConclusionArticle part="journal" text={course.journal} next={next('journal')}>
        <JournalForm value="" ready={false} />
      </ConclusionArticle>
    );
  }
  return missing;
}
