// The URLs the course and learning screens link to, given by web/app (which owns every URL).

/** The course page's query parameter that enrols a learner who pressed Enroll before signing in. */
export const ENROL_PARAM = 'enrol';

export interface LearningPaths {
  home: () => string;
  courses: () => string;
  login: (redirect?: string) => string;
  /** Where the learner downloads their certificate. */
  certificate: () => string;
  course: (lang: string, courseId: string) => string;
  /** The course page that enrols the learner as it opens (where sign-in returns after Enroll). */
  courseEnrol: (lang: string, courseId: string) => string;
  courseJournal: (lang: string, courseId: string) => string;
  courseSummary: (lang: string, courseId: string) => string;
  chapter: (lang: string, courseId: string, chapterId: string) => string;
  lesson: (lang: string, courseId: string, chapterId: string, lessonId: string) => string;
  quiz: (lang: string, courseId: string, quizId: string) => string;
  quizDemo: (lang: string, courseId: string, quizId: string) => string;
  video: (lang: string, courseId: string, videoId: string) => string;
}
