// A course as the editor holds it while someone writes: the document of contract/authoring.ts with
// an id of the editor's own (`uid`) on every chapter, lesson, video, quiz, question and option, so a
// new element (which has no `key` until the server gives it one) can be moved, dragged and told
// apart. Keys are never made here: an element keeps the key it came with, a new one is sent without
// one, and after a save the keys the server gave are taken into the draft (adoptKeys), so the next
// save names the same elements.
import type { CourseDocument } from '../../../../../contract/authoring';
import { SPECS, diffDocuments, walkElements, questionProblems, type FieldChange, type Node as DocNode, type QuestionProblem } from '../../../../../contract/document-fields';

export type Lesson = CourseDocument['chapters'][number]['lessons'][number];
export type Chapter = CourseDocument['chapters'][number];
export type Video = CourseDocument['videos'][number];
export type Quiz = CourseDocument['quizzes'][number];
export type Question = Quiz['questions'][number];
export type Option = Question['options'][number];

interface Uid {
  /** The editor's own id for the element, never sent. */
  uid: string;
}

export type DraftLesson = Lesson & Uid;
export type DraftChapter = Omit<Chapter, 'lessons'> & Uid & { lessons: DraftLesson[] };
export type DraftVideo = Video & Uid;
export type DraftOption = Option & Uid;
export type DraftQuestion = Omit<Question, 'options'> & Uid & { options: DraftOption[] };
export type DraftQuiz = Omit<Quiz, 'questions'> & Uid & { questions: DraftQuestion[] };
export type CourseDraft = Omit<CourseDocument, 'chapters' | 'videos' | 'quizzes'> & {
  chapters: DraftChapter[];
  videos: DraftVideo[];
  quizzes: DraftQuiz[];
};

let lastUid = 0;
export const newUid = () => `u${++lastUid}`;
const withUid = <T extends object>(element: T): T & Uid => ({ ...element, uid: newUid() });

export function fromDocument(doc: CourseDocument): CourseDraft {
  return {
    ...doc,
    chapters: doc.chapters.map((chapter) => ({ ...withUid(chapter), lessons: chapter.lessons.map(withUid) })),
    videos: doc.videos.map(withUid),
    quizzes: doc.quizzes.map((quiz) => ({
      ...withUid(quiz),
      questions: quiz.questions.map((question) => ({ ...withUid(question), options: question.options.map(withUid) })),
    })),
  };
}

/** The element without the editor's id, and without a key when it has none yet. */
function plain<T extends Uid & { key?: string }>(element: T): Omit<T, 'uid'> {
  const { uid: _uid, ...rest } = element;
  if (rest.key === undefined || rest.key === '') delete rest.key;
  return rest;
}

/** The document to send: what the person wrote, in their order, keys as they are. */
export function toDocument(draft: CourseDraft): CourseDocument {
  return {
    ...draft,
    chapters: draft.chapters.map((chapter) => ({ ...plain(chapter), lessons: chapter.lessons.map(plain) })),
    videos: draft.videos.map(plain),
    quizzes: draft.quizzes.map((quiz) => ({
      ...plain(quiz),
      questions: quiz.questions.map((question) => ({ ...plain(question), options: question.options.map(plain) })),
    })),
  };
}

type Keyed = { key?: string; uid?: string };
type Tree = Record<string, unknown>;
const LISTS: Record<string, string[]> = { '': ['chapters', 'videos', 'quizzes'], chapters: ['lessons'], quizzes: ['questions'], questions: ['options'] };

/** uid -> the key the server gave, by walking the sent draft and the saved document side by side. */
function givenKeys(sent: Tree, saved: Tree, list = '', out = new Map<string, string>()): Map<string, string> {
  for (const name of LISTS[list] ?? []) {
    const mine = (sent[name] as (Keyed & Tree)[] | undefined) ?? [];
    const theirs = (saved[name] as (Keyed & Tree)[] | undefined) ?? [];
    mine.forEach((element, index) => {
      const match = theirs[index];
      if (!match) return;
      if (element.uid && !element.key && match.key) out.set(element.uid, match.key);
      givenKeys(element, match, name, out);
    });
  }
  return out;
}

function withKeys(tree: Tree, keys: Map<string, string>, list = ''): Tree {
  const out: Tree = { ...tree };
  const own = tree as Keyed;
  if (own.uid && !own.key && keys.has(own.uid)) out.key = keys.get(own.uid);
  for (const name of LISTS[list] ?? []) {
    const items = tree[name] as Tree[] | undefined;
    if (items) out[name] = items.map((item) => withKeys(item, keys, name));
  }
  return out;
}

/**
 * The draft with the keys the server gave to the new elements of a save (`sent` is the draft as it
 * was sent, `saved` the document the server answered). The draft may have changed meanwhile: the
 * elements are found by their uid, wherever they are now.
 */
export function adoptKeys(draft: CourseDraft, sent: CourseDraft, saved: CourseDocument): CourseDraft {
  const keys = givenKeys(sent as unknown as Tree, saved as unknown as Tree);
  if (keys.size === 0) return draft;
  return withKeys(draft as unknown as Tree, keys) as unknown as CourseDraft;
}

/** Each question whose options the save refuses, by the question's uid, with what is wrong. */
export function quizProblems(draft: CourseDraft): Map<string, QuestionProblem[]> {
  const out = new Map<string, QuestionProblem[]>();
  for (const quiz of draft.quizzes) {
    for (const question of quiz.questions) {
      // A question being written may have fewer than two options yet: publishing checks that.
      const problems = questionProblems(question).filter((problem) => problem !== 'tooFewOptions');
      if (problems.length > 0) out.set(question.uid, problems);
    }
  }
  return out;
}

/** The list with one element (by uid) changed. */
export function updateWhere<T extends Uid>(items: readonly T[], uid: string, change: (item: T) => T): T[] {
  return items.map((item) => (item.uid === uid ? change(item) : item));
}

// New elements: empty, without a key (the server gives one at the save).
export const newLesson = (): DraftLesson => ({ uid: newUid(), title: '', duration: 0, content: '' });
export const newChapter = (): DraftChapter => ({ uid: newUid(), title: '', lessons: [newLesson()] });
export const newVideo = (): DraftVideo => ({ uid: newUid(), title: '', description: null, video: null, poster: null, duration: 0 });
export const newOption = (): DraftOption => ({ uid: newUid(), content: '', correct: false });
export const newQuestion = (): DraftQuestion => ({ uid: newUid(), type: 'single', content: '', explanation: null, options: [newOption(), newOption()] });
export const newQuiz = (): DraftQuiz => ({ uid: newUid(), title: '', passingCriteria: 50, questions: [newQuestion()] });

/** The lesson taken out of its chapter and put at the end of another. */
export function moveLessonTo(draft: CourseDraft, lessonUid: string, chapterUid: string): CourseDraft {
  const lesson = draft.chapters.flatMap((chapter) => chapter.lessons).find((l) => l.uid === lessonUid);
  if (!lesson) return draft;
  return {
    ...draft,
    chapters: draft.chapters.map((chapter) => {
      const without = chapter.lessons.filter((l) => l.uid !== lessonUid);
      return { ...chapter, lessons: chapter.uid === chapterUid ? [...without, lesson] : without };
    }),
  };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

// ---------------------------------------------------------------- two editions side by side

export interface ConflictRow {
  /** The field's address in the document (lessons[key].content), for a stable React key. */
  field: string;
  /** The element it belongs to, for a person: its list (chapters, lessons...) and title; null for the course's own fields. */
  element: { list: string; title: string } | null;
  name: string;
  change: FieldChange['change'];
  theirs: FieldChange['before'];
  mine: FieldChange['after'];
}

const ELEMENT_TITLE: Record<string, (node: DocNode) => string> = {
  chapters: (node) => String(node.title ?? ''),
  lessons: (node) => String(node.title ?? ''),
  videos: (node) => String(node.title ?? ''),
  quizzes: (node) => String(node.title ?? ''),
  questions: (node) => String(node.content ?? ''),
  options: (node) => String(node.content ?? ''),
};

/**
 * The fields where the person's draft differs from the version someone else saved meanwhile. A
 * new element of the draft (no key yet) is addressed as "new-N" so that it shows as added.
 */
export function conflictRows(theirs: CourseDocument, mine: CourseDraft): ConflictRow[] {
  let fresh = 0;
  const mineDoc = toDocument(mine);
  walkElements(mineDoc as unknown as DocNode, SPECS.course, (element) => {
    if (!element.key) element.key = `new-${++fresh}`;
  });
  // Where each element is, and what it is called in either edition (the newer name first).
  const elements = new Map<string, { list: string; title: string }>();
  for (const doc of [theirs, mineDoc]) {
    walkElements(doc as unknown as DocNode, SPECS.course, (element, _spec, { address, list }) => {
      const kind = list.split('.').at(-1)!.replace(/\[.*$/, '');
      elements.set(address, { list: kind, title: ELEMENT_TITLE[kind]?.(element) ?? '' });
    });
  }
  return diffDocuments('course', theirs, mineDoc).map((change) => {
    const cut = change.field.lastIndexOf('.');
    const address = cut > 0 ? change.field.slice(0, cut) : '';
    const at = elements.get(address);
    return {
      field: change.field,
      element: at ?? null,
      name: cut > 0 ? change.field.slice(cut + 1) : change.field,
      change: change.change,
      theirs: change.before,
      mine: change.after,
    };
  });
}
