import { describe, expect, it } from 'vitest';
import { Changes } from './item-language';
import { renderStaff } from '../../../staff-shared/components/render-for-tests';

describe('a comparison of two versions', () => {
  it('names each field for a person, compares rich text as its words, and keeps the address for those who read it', () => {
    const html = renderStaff(
      <Changes
        kind="course"
        lang="en"
        changes={[
          {
            field: 'lessons[saving/why].content',
            change: 'changed',
            before: '<p>Save a <strong>little</strong></p>',
            after: '<p>Save a lot</p>',
          },
          { field: 'title', change: 'changed', before: 'Money', after: 'Money basics' },
          { field: 'chapters[saving].position', change: 'changed', before: 1, after: 2 },
        ]}
      />,
    );
    expect(html).toContain('Lesson “saving/why” · text');
    expect(html).toContain('<code class="staff-muted">lessons[saving/why].content</code>');
    // The words of the rich text, not its markup.
    expect(html).not.toContain('&lt;p&gt;');
    expect(html).not.toContain('&lt;strong&gt;');
    expect(html).toMatch(/<del>.*little.*<\/del>/);
    expect(html).toContain('Chapter “saving” · position');
    expect(html).toContain('1 → 2');
  });
});
