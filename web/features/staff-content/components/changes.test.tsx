import { describe, expect, it } from 'vitest';
import { Changes } from './item-language';
import { renderStaff } from '../../../staff-shared/components/render-for-tests';

describe('a comparison of two versions', () => {
  it('names each field for a person by its element’s place and title, never its key, and compares rich text as its words', () => {
    const html = renderStaff(
      <Changes
        kind="course"
        lang="en"
        changes={[
          {
            field: 'lessons[8nyeu1d5yn].content',
            change: 'changed',
            before: '<p>Save a <strong>little</strong></p>',
            after: '<p>Save a lot</p>',
            element: { list: 'lessons', number: 2, title: 'Why save' },
          },
          { field: 'title', change: 'changed', before: 'Money', after: 'Money basics', element: null },
          {
            field: 'chapters[k3x9].position',
            change: 'changed',
            before: 1,
            after: 2,
            element: { list: 'chapters', number: 2, title: 'Saving' },
          },
        ]}
      />,
    );
    expect(html).toContain('Lesson 2: Why save · text');
    expect(html).not.toMatch(/>[^<]*8nyeu1d5yn/);
    // The words of the rich text, not its markup.
    expect(html).not.toContain('&lt;p&gt;');
    expect(html).not.toContain('&lt;strong&gt;');
    expect(html).toMatch(/<del>.*little.*<\/del>/);
    expect(html).toContain('Chapter 2: Saving · position');
    expect(html).toContain('1 → 2');
  });
});
