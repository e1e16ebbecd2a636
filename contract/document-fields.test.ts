import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { CONTENT_DOCUMENTS } from './authoring';
import { CONTENT_KINDS } from './content-kinds';
import type { AnyDocument } from './authoring';
import { SPECS, describeField, diffDocuments, type NodeSpec } from './document-fields';

describe('what a field’s address names', () => {
  it('names the document’s own fields, elements of lists, hoisted lessons and their chapter, with each field’s kind', () => {
    expect(describeField('course', 'description')).toEqual({ element: null, name: 'description', role: 'rich' });
    expect(describeField('course', 'lessons[saving/why].content')).toEqual({
      element: { list: 'lessons', key: 'saving/why' },
      name: 'content',
      role: 'rich',
    });
    expect(describeField('course', 'lessons[saving/why].chapter')).toEqual({
      element: { list: 'lessons', key: 'saving/why' },
      name: 'chapter',
      role: 'parent',
    });
    expect(describeField('course', 'chapters[saving].position')).toEqual({
      element: { list: 'chapters', key: 'saving' },
      name: 'position',
      role: 'position',
    });
    expect(describeField('course', 'quizzes[check].questions[q1].options[a].content')).toEqual({
      element: { list: 'options', key: 'a' },
      name: 'content',
      role: 'text',
    });
    expect(describeField('gallery', 'images[stall].alt')).toEqual({
      element: { list: 'images', key: 'stall' },
      name: 'alt',
      role: 'text',
    });
    expect(describeField('blog', 'imageAlt')).toMatchObject({ role: 'text' });
  });

  it('says it does not know a field the kind has not', () => {
    expect(describeField('blog', 'chapters[x].title').role).toBeNull();
    expect(describeField('course', 'nothing')).toEqual({ element: null, name: 'nothing', role: null });
    // Lessons are addressed from the top of the document only.
    expect(describeField('course', 'chapters[saving].lessons[why].title').role).toBeNull();
  });
});

describe('the limits of plain text', () => {
  it('are given for every plain-text field, and are the limits its schema holds a save to', () => {
    /** A property's schema, through a nullable's union and an array's items. */
    const inner = (schema: TSchema): TSchema =>
      schema.anyOf
        ? inner((schema.anyOf as TSchema[]).find((s) => s.type !== 'null')!)
        : schema.items
          ? inner(schema.items as TSchema)
          : schema;
    const check = (spec: NodeSpec, schema: TSchema, where: string) => {
      for (const [name, role] of Object.entries(spec.fields)) {
        const field = inner(schema.properties[name] as TSchema);
        if (role === 'text' || role === 'optionalText')
          expect(spec.maxLength?.[name], `${where}.${name}`).toBe(field.maxLength);
        else expect(spec.maxLength?.[name], `${where}.${name}`).toBeUndefined();
      }
      for (const [name, list] of Object.entries(spec.lists ?? {}))
        check(list.node, inner(schema.properties[name] as TSchema), `${where}.${name}`);
    };
    for (const kind of CONTENT_KINDS) check(SPECS[kind], CONTENT_DOCUMENTS[kind], kind);
  });
});

describe('a difference between two documents', () => {
  const course = (lessons: { key: string; title: string; content: string }[]) =>
    ({
      title: 'Money',
      chapters: [{ key: 'k1', title: 'Saving', lessons: lessons.map((l) => ({ ...l, duration: 5 })) }],
      videos: [],
      quizzes: [],
    }) as unknown as AnyDocument;

  it('names each changed element by its list, its place and its title on one line, from the older document when it is gone', () => {
    const before = course([
      { key: 'a1', title: 'Why save', content: '<p>Save</p>' },
      { key: 'b2', title: 'Gone', content: '<p>Old</p>' },
    ]);
    const after = course([{ key: 'a1', title: 'Why\n  save', content: '<p>Save a lot</p>' }]);
    const changes = diffDocuments('course', before, after);
    expect(changes.find((c) => c.field === 'lessons[a1].content')?.element).toEqual({
      list: 'lessons',
      number: 1,
      title: 'Why save',
    });
    expect(changes.find((c) => c.field === 'lessons[b2].content')).toMatchObject({
      change: 'removed',
      element: { list: 'lessons', number: 2, title: 'Gone' },
    });
    expect(diffDocuments('course', course([]), { ...course([]), title: 'Money basics' } as AnyDocument)).toEqual([
      { field: 'title', change: 'changed', before: 'Money', after: 'Money basics', element: null },
    ]);
  });
});
