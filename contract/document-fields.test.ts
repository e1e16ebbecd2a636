import { describe, expect, it } from 'vitest';
import { describeField } from './document-fields';

describe('what a field’s address names', () => {
  it('names the document’s own fields, elements of lists, hoisted lessons and their chapter, with each field’s kind', () => {
    expect(describeField('course', 'description')).toEqual({ element: null, name: 'description', role: 'rich' });
    expect(describeField('course', 'lessons[saving/why].content')).toEqual({ element: { list: 'lessons', key: 'saving/why' }, name: 'content', role: 'rich' });
    expect(describeField('course', 'lessons[saving/why].chapter')).toEqual({ element: { list: 'lessons', key: 'saving/why' }, name: 'chapter', role: 'parent' });
    expect(describeField('course', 'chapters[saving].position')).toEqual({ element: { list: 'chapters', key: 'saving' }, name: 'position', role: 'position' });
    expect(describeField('course', 'quizzes[check].questions[q1].options[a].content')).toEqual({ element: { list: 'options', key: 'a' }, name: 'content', role: 'text' });
    expect(describeField('gallery', 'images[stall].alt')).toEqual({ element: { list: 'images', key: 'stall' }, name: 'alt', role: 'text' });
    expect(describeField('blog', 'imageAlt')).toMatchObject({ role: 'text' });
  });

  it('says it does not know a field the kind has not', () => {
    expect(describeField('blog', 'chapters[x].title').role).toBeNull();
    expect(describeField('course', 'nothing')).toEqual({ element: null, name: 'nothing', role: null });
    // Lessons are addressed from the top of the document only.
    expect(describeField('course', 'chapters[saving].lessons[why].title').role).toBeNull();
  });
});
