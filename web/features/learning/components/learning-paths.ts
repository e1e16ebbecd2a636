// The URLs the learning screens link to, given by web/app (which owns every URL).
export interface LearningPaths {
  home: () => string;
  courses: () => string;
  login: (redirect?: string) => string;
  /** Where the learner downloads their certificate. */
  certificate: () => string;
  course: (lang: string, courseId: string) => string;
  courseJournal: (lang: string, courseId: string) => string;
  courseSummary: (lang: string, courseId: string) => string;
  chapter: (lang: string, courseId: string, chapterId: string) => string;
  lesson: (lang: string, courseId: string, chapterId: string, lessonId: string) => string;
  quiz: (lang: string, courseId: string, quizId: string) => string;
  video: (lang: string, courseId: string, videoId: string) => string;
}
