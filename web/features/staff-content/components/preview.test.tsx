// The preview as it first renders: the console's page with its band and a phone-wide frame, and the
// frame's page handing each kind's public answer to the renderer the route module gives it, in the
// content's language.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ContentItem, PreviewResponse } from '../../../../contract/authoring';
import { staffKeys } from '../../../staff-shared/api/keys';
import { renderStaff as render } from '../../../staff-shared/components/render-for-tests';
import { PreviewFrame, PreviewPage, type PreviewRenderers } from './preview';

const ITEM = '5f0c4b8e-0000-4000-8000-000000000001';
const PUBLIC = '5f0c4b8e-0000-4000-8000-000000000002';

const renderers: PreviewRenderers = {
  blog: (blog, bcp47) => <p data-kind="blog">{`${blog.title} (${bcp47})`}</p>,
  story: (story) => <p data-kind="story">{story.authorName}</p>,
  course: (preview, lang) => (
    <p data-kind="course">{`${preview.publicId} ${Object.keys(preview.quizzes ?? {}).join(',')} (${lang})`}</p>
  ),
};

/** A client holding the item's page answer: one language in draft on top of `publishedVersion`. */
function withItem(
  kind: ContentItem['kind'],
  title: string,
  language: { lang: 'en' | 'hi'; headVersion: number; publishedVersion: number | null },
) {
  const client = new QueryClient();
  const at = '2026-11-27T06:00:00.000Z';
  client.setQueryData(staffKeys.item(ITEM), {
    id: ITEM,
    kind,
    slug: 'slug',
    sourceLang: 'en',
    title,
    owner: 'staff',
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    languages: [{ ...language, publicId: PUBLIC, status: 'draft', publishedAt: null, scheduled: null, updatedAt: at }],
  } satisfies ContentItem);
  return client;
}

describe('the preview page', () => {
  it('says the draft is not published, which version learners see meanwhile, and frames it at a phone’s width', () => {
    const client = withItem('blog', 'Spot a fake KYC call', { lang: 'hi', headVersion: 3, publishedVersion: 2 });
    const html = render(
      <PreviewPage
        itemId={ITEM}
        lang="hi"
        framePath={`/staff/preview-frame/${ITEM}/hi`}
        itemPath={`/staff/content/${ITEM}/hi`}
      />,
      client,
    );
    expect(html).toContain('Preview: not published.');
    expect(html).toContain('Version 3 in Hindi');
    expect(html).toContain('Learners see version 2 until then.');
    expect(html).toMatch(/<iframe[^>]*src="\/staff\/preview-frame\/[^"]+\/hi"[^>]*width="360"/);
    expect(html).toMatch(/<input type="radio" name="preview-width" checked="" value="phone"\/>/);
    expect(html).not.toContain('Nothing you do in the preview is recorded');
  });

  it('tells, for a course, that its lessons, videos and quizzes open in the frame and that nothing there is recorded', () => {
    const client = withItem('course', 'Safe money', { lang: 'en', headVersion: 1, publishedVersion: null });
    const html = render(
      <PreviewPage
        itemId={ITEM}
        lang="en"
        framePath={`/staff/preview-frame/${ITEM}/en`}
        itemPath={`/staff/content/${ITEM}/en`}
      />,
      client,
    );
    expect(html).toContain('Nothing of it is on the site yet.');
    expect(html).toContain(
      'Nothing you do in the preview is recorded: Enroll and Mark as complete cannot be pressed, and a quiz you try is scored here, not sent.',
    );
  });
});

describe('the preview’s frame', () => {
  const seeded = (answer: Partial<PreviewResponse>) => {
    const client = new QueryClient();
    client.setQueryData([...staffKeys.language(ITEM, 'hi'), 'preview'], {
      itemId: ITEM,
      lang: 'hi',
      version: 3,
      publicId: PUBLIC,
      ...answer,
    });
    return client;
  };

  it('renders a post with the blogs’ renderer, in the content’s language', () => {
    const blog = {
      id: PUBLIC,
      title: 'नकली KYC कॉल',
      description: '<p>…</p>',
      image: 'uploads/a.svg',
      imageAlt: '',
      author: 'प्रिया',
      readTime: 4,
      createdAt: '2026-03-01T00:00:00.000Z',
      lang: 'hi' as const,
    };
    const html = render(
      <PreviewFrame itemId={ITEM} lang="hi" render={renderers} />,
      seeded({ kind: 'blog', blog: { response: blog } }),
      'hi',
    );
    expect(html).toContain('<main id="main" lang="hi"');
    expect(html).toContain('<p data-kind="blog">नकली KYC कॉल (hi)</p>');
  });

  it('hands a course’s answers (with its quizzes) to the course renderer, in the content’s language', () => {
    const course = { [`course_hi`]: { id: PUBLIC, title: 'सुरक्षित पैसा' } } as unknown as PreviewResponse['course'];
    const html = render(
      <PreviewFrame itemId={ITEM} lang="hi" render={renderers} />,
      seeded({
        kind: 'course',
        course,
        chapters: {},
        quizzes: { q1: { quiz: {} as NonNullable<PreviewResponse['quizzes']>[string]['quiz'], key: [] } },
      }),
      'hi',
    );
    expect(html).toContain('<main id="main" lang="hi"');
    expect(html).toContain(`<p data-kind="course">${PUBLIC} q1 (hi)</p>`);
  });

  it('renders a story with the stories’ renderer, and says a gallery title has no page of its own', () => {
    const story = {
      id: PUBLIC,
      image: 'uploads/s.svg',
      imageAlt: '',
      authorName: 'मीना',
      description: '<p>…</p>',
      isHighlighted: false,
      createdAt: '2026-02-01T00:00:00.000Z',
      lang: 'hi' as const,
    };
    expect(
      render(
        <PreviewFrame itemId={ITEM} lang="hi" render={renderers} />,
        seeded({ kind: 'story', story: { response: story } }),
        'hi',
      ),
    ).toContain('<p data-kind="story">मीना</p>');
    expect(
      render(<PreviewFrame itemId={ITEM} lang="hi" render={renderers} />, seeded({ kind: 'gallery' }), 'hi'),
    ).toContain('have no page of their own');
  });
});
