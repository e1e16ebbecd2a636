import { describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../../../contract/authoring';
import { conflictRows } from '../../../../staff-shared/components/document-editor/document-draft';
import {
  adoptKeys,
  fromDocument,
  moveItem,
  moveLessonTo,
  newChapter,
  newLesson,
  newQuestion,
  quizProblems,
  toDocument,
} from './course-draft';

const course = (): CourseDocument => ({
  title: 'Money basics',
  description: '<p>About money</p>',
  image: 'uploads/cover.jpg',
  document: null,
  duration: 30,
  summary: null,
  journal: null,
  chapters: [
    {
      key: 'saving',
      title: 'Saving',
      lessons: [
        { key: 'why', title: 'Why save', duration: 5, content: '<p>क्षमा</p>' },
        { key: 'where', title: 'Where', duration: 5, content: '<p>Bank</p>' },
      ],
    },
  ],
  videos: [{ key: 'intro', title: 'Intro', description: null, video: 'uploads/v.mp4', poster: null, duration: 60 }],
  quizzes: [
    {
      key: 'check',
      title: 'Check',
      passingCriteria: 60,
      questions: [
        {
          key: 'q1',
          type: 'single',
          content: 'Which?',
          explanation: null,
          options: [
            { key: 'a', content: 'A', correct: true },
            { key: 'b', content: 'B', correct: false },
          ],
        },
      ],
    },
  ],
});

describe('the course draft', () => {
  it('gives back the document it was made from, keys and all', () => {
    expect(toDocument(fromDocument(course()))).toEqual(course());
  });

  it('sends new elements without a key and keeps every existing key', () => {
    const draft = fromDocument(course());
    draft.chapters[0]!.lessons.push(newLesson());
    draft.chapters.push(newChapter());
    const doc = toDocument(draft);
    expect(doc.chapters[0]!.lessons.map((l) => l.key)).toEqual(['why', 'where', undefined]);
    expect('key' in doc.chapters[0]!.lessons[2]!).toBe(false);
    expect('key' in doc.chapters[1]!).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('uid');
  });

  it('takes the keys the server gave into the draft, wherever the elements moved meanwhile', () => {
    const sent = fromDocument(course());
    const lesson = newLesson();
    sent.chapters[0]!.lessons.push(lesson);
    const saved = toDocument(sent);
    saved.chapters[0]!.lessons[2]!.key = 'given1';
    // While the save was on its way, the new lesson was moved to the top.
    const now = { ...sent, chapters: [{ ...sent.chapters[0]!, lessons: moveItem(sent.chapters[0]!.lessons, 2, 0) }] };
    const adopted = adoptKeys(now, sent, saved);
    expect(adopted.chapters[0]!.lessons.map((l) => l.key)).toEqual(['given1', 'why', 'where']);
    expect(adopted.chapters[0]!.lessons[0]!.uid).toBe(lesson.uid);
  });

  it('moves a lesson to another chapter, keeping its key', () => {
    const draft = fromDocument(course());
    draft.chapters.push({ ...newChapter(), lessons: [] });
    const moved = moveLessonTo(draft, draft.chapters[0]!.lessons[0]!.uid, draft.chapters[1]!.uid);
    expect(moved.chapters[0]!.lessons.map((l) => l.key)).toEqual(['where']);
    expect(moved.chapters[1]!.lessons.map((l) => l.key)).toEqual(['why']);
  });

  it('refuses a question with no correct option, and a single one with two', () => {
    const draft = fromDocument(course());
    expect(quizProblems(draft).size).toBe(0);
    const fresh = newQuestion();
    draft.quizzes[0]!.questions.push(fresh);
    expect(quizProblems(draft).get(fresh.uid)).toEqual(['noCorrectOption']);
    const first = draft.quizzes[0]!.questions[0]!;
    first.options = first.options.map((o) => ({ ...o, correct: true }));
    expect(quizProblems(draft).get(first.uid)).toEqual(['singleNeedsOneCorrect']);
    first.type = 'multi';
    expect(quizProblems(draft).has(first.uid)).toBe(false);
  });

  it('lists the fields where the person’s draft differs from the version saved meanwhile', () => {
    const theirs = course();
    theirs.chapters[0]!.lessons[0]!.content = '<p>Their text</p>';
    const mine = fromDocument(course());
    mine.chapters[0]!.lessons[0]!.content = '<p>My text</p>';
    mine.chapters[0]!.lessons.push({ ...newLesson(), title: 'New one' });
    const rows = conflictRows('course', theirs, mine);
    const content = rows.find((row) => row.field === 'lessons[why].content')!;
    expect(content).toMatchObject({
      name: 'content',
      rich: true,
      change: 'changed',
      theirs: '<p>Their text</p>',
      mine: '<p>My text</p>',
      element: { list: 'lessons', title: 'Why save' },
    });
    expect(rows.find((row) => row.field === 'lessons[new-1].title')).toMatchObject({
      change: 'added',
      mine: 'New one',
      rich: false,
    });
  });
});
