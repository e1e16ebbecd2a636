// The TanStack Query keys of the courses and of a learner's progress, in one place for the two
// features that read them (features/courses, features/learning): their calls refresh each other's
// data (a rating reads the course again, a completion the lists of enrolled courses). And the key of
// their changes that other features' data depends on (web/app/query-reactions.ts reacts to it).
export const learningKeys = {
  courses: (lang: string, page: number) => ['courses', lang, page] as const,
  /** The courses not in a language yet (the catalogue names them). */
  otherLanguages: (lang: string) => ['courses-elsewhere', lang] as const,
  course: (lang: string, courseId: string) => ['course', lang, courseId] as const,
  chapter: (lang: string, courseId: string, chapterId: string) => ['chapter', lang, courseId, chapterId] as const,
  quiz: (lang: string, courseId: string, quizId: string) => ['quiz', lang, courseId, quizId] as const,
  /** Every progress record: a prefix of `progress(lang, courseId)`. */
  allProgress: ['progress'] as const,
  progress: (lang: string, courseId: string) => ['progress', lang, courseId] as const,
  /** Every language's list of enrolled courses: a prefix of `progressList(lang)`. */
  allProgressLists: ['progress-list'] as const,
  progressList: (lang: string) => ['progress-list', lang] as const,
  journal: (lang: string, courseId: string) => ['journal', lang, courseId] as const,
  rating: (lang: string, courseId: string) => ['rating', lang, courseId] as const,
  /** The voices of a course language's spoken texts (read aloud), asked for at the first Listen. */
  voices: (lang: string, courseId: string) => ['voices', lang, courseId] as const,
  /** Mutation key: the learner's progress changed (enrolment, a lesson, video or quiz completed). */
  progressChange: ['progress-change'] as const,
};
