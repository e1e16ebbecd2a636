import { describe, expect, it } from 'vitest';
import type { CourseDocument, GalleryDocument } from '../../../../contract/authoring';
import { draftOf, fieldValue, setField } from '../../../staff-shared/components/document-editor/document-draft';
import { translationGroups } from './translation-rows';

const course: CourseDocument = {
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
      lessons: [{ key: 'why', title: 'Why save', duration: 5, content: '<p>Because</p>' }],
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
          options: [{ key: 'a', content: 'A bank', correct: true }],
        },
      ],
    },
  ],
};

describe('what a translator works through', () => {
  it('lists only text fields, the document’s first, then each element in the source’s order, named as in the source', () => {
    const groups = translationGroups('course', course);
    expect(groups.map((g) => [g.list, g.number, g.title])).toEqual([
      [null, 1, ''],
      ['chapters', 1, 'Saving'],
      ['lessons', 1, 'Why save'],
      ['videos', 1, 'Intro'],
      ['quizzes', 1, 'Check'],
      ['questions', 1, 'Which?'],
      ['options', 1, 'A bank'],
    ]);
    expect(groups[0]!.fields.map((f) => [f.path, f.rich, f.required])).toEqual([
      ['title', false, true],
      ['description', true, true],
      ['summary', true, false],
      ['journal', true, false],
    ]);
    expect(groups[2]!.fields.map((f) => f.path)).toEqual(['lessons[why].title', 'lessons[why].content']);
    expect(groups[5]!.fields.map((f) => f.path)).toEqual([
      'quizzes[check].questions[q1].content',
      'quizzes[check].questions[q1].explanation',
    ]);
  });

  it('reads and writes one field of a draft by its address, leaving every other branch as it was', () => {
    const draft = draftOf<CourseDocument>('course', course);
    expect(fieldValue('course', draft, 'lessons[why].content')).toBe('<p>Because</p>');
    const next = setField('course', draft, 'lessons[why].content', '<p>क्योंकि</p>');
    expect(fieldValue('course', next, 'lessons[why].content')).toBe('<p>क्योंकि</p>');
    expect(fieldValue('course', draft, 'lessons[why].content')).toBe('<p>Because</p>');
    expect(next.videos).toBe(draft.videos);
    expect(next.chapters[0]!.lessons[0]).toMatchObject({ key: 'why', title: 'Why save' });
    const deep = setField('course', draft, 'quizzes[check].questions[q1].options[a].content', 'बैंक');
    expect(deep.quizzes[0]!.questions[0]!.options[0]!.content).toBe('बैंक');
    expect(setField('course', draft, 'lessons[nowhere].title', 'x')).toBe(draft);
    const gallery: GalleryDocument = {
      title: 'Fair',
      position: 1,
      images: [{ key: 'p', image: 'uploads/p.webp', alt: '' }],
    };
    expect(setField('gallery', gallery, 'images[p].alt', 'मेला').images[0]!.alt).toBe('मेला');
    expect(setField('gallery', gallery, 'title', 'मेला').title).toBe('मेला');
  });
});
