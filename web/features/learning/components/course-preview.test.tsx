// A course's draft in the preview frame, as it first renders at each place: the course page with
// its Enroll shown but not pressable, and the learning views (chapter, lesson, video, quiz, summary,
// journal) inside the course sidebar, every link staying at the addresses the console gives; and
// the drafts that are not finished (no chapters yet, a lesson without text, a place since removed).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PreviewResponse } from '../../../../contract/authoring';
import en from '../../../i18n/locales/en/learning.json';
import quiz from '../../../i18n/locales/en/quiz.json';
import common from '../../../i18n/locales/en/common.json';
import hi from '../../../i18n/locales/hi/learning.json';
import { I18nProvider } from '../../../i18n/react';
import { createTranslator } from '../../../i18n/translator';
import { CoursePreview, type CoursePreviewPlace } from './course-preview';

const COURSE = '5f0c4b8e-0000-4000-8000-000000000002';
const CHAPTER = '5f0c4b8e-0000-4000-8000-0000000000c1';
const LESSON = '5f0c4b8e-0000-4000-8000-0000000000l1';
const EMPTY = '5f0c4b8e-0000-4000-8000-0000000000l2';
const VIDEO = '5f0c4b8e-0000-4000-8000-0000000000v1';
const QUIZ = '5f0c4b8e-0000-4000-8000-0000000000q1';

const FRAME = '/staff/preview-frame/item/en';
const at = (place: Record<string, string>) => `${FRAME}?${new URLSearchParams(place).toString()}`;

function course(lang: 'en' | 'hi', overrides: Record<string, unknown> = {}): PreviewResponse {
  const detail = {
    id: COURSE,
    lang,
    title: lang === 'en' ? 'Safe money' : 'सुरक्षित पैसा',
    description: '<p>Save, and pay safely.</p>',
    image: 'uploads/courses/cover.svg',
    document: null,
    duration: 30,
    lessonCount: 2,
    quizCount: 1,
    rating: 0,
    averageRating: 0,
    slug: 'safe-money',
    createdAt: '2026-11-27T06:00:00.000Z',
    summary: '<p>You learnt to save.</p>',
    journal: '<p>What will you save for?</p>',
    [`chapter_${lang}s`]: [
      {
        id: CHAPTER,
        title: 'Saving',
        order: 1,
        [`lesson_${lang}s`]: [
          { id: LESSON, title: 'Why save', order: 1, duration: 5 },
          { id: EMPTY, title: '', order: 2, duration: 0 },
        ],
      },
    ],
    [`quiz_${lang}s`]: [{ id: QUIZ, title: 'Check' }],
    videos: [
      {
        id: VIDEO,
        title: 'Welcome',
        description: 'A short welcome.',
        video: 'uploads/videos/welcome.webm',
        poster: null,
        duration: 30,
      },
    ],
    ...overrides,
  };
  return {
    itemId: 'item',
    kind: 'course',
    lang,
    version: 2,
    publicId: COURSE,
    course: { [`course_${lang}`]: detail } as unknown as PreviewResponse['course'],
    chapters: {
      [CHAPTER]: {
        [`chapter_${lang}`]: {
          id: CHAPTER,
          title: 'Saving',
          order: 1,
          [`lesson_${lang}s`]: [
            { id: LESSON, title: 'Why save', order: 1, duration: 5, content: '<p>Because.</p>' },
            { id: EMPTY, title: '', order: 2, duration: 0, content: '' },
          ],
        },
      } as unknown as NonNullable<PreviewResponse['chapters']>[string],
    },
    quizzes: {
      [QUIZ]: {
        quiz: {
          [`quiz_${lang}`]: {
            id: QUIZ,
            title: 'Check',
            passingCriteria: 50,
            [`question_${lang}s`]: [
              {
                id: 'q1',
                content: 'Where is money safest?',
                type: 'single',
                [`option_${lang}s`]: [
                  { id: 'o1', content: 'In a bank account' },
                  { id: 'o2', content: 'Under the bed' },
                ],
              },
            ],
          },
        } as unknown as NonNullable<PreviewResponse['quizzes']>[string]['quiz'],
        key: [
          {
            id: 'q1',
            type: 'single',
            options: [
              { id: 'o1', isCorrect: true },
              { id: 'o2', isCorrect: false },
            ],
          },
        ],
      },
    },
  };
}

function render(preview: PreviewResponse, place: CoursePreviewPlace, language: 'en' | 'hi' = 'en') {
  const i18n = createTranslator({ language, resources: { learning: language === 'en' ? en : hi, quiz, common } });
  const query = new URLSearchParams(
    Object.entries({
      chapter: place.chapterId,
      lesson: place.lessonId,
      video: place.videoId,
      quiz: place.quizId,
      conclusion: place.conclusion,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const node: ReactNode = (
    <CoursePreview
      preview={preview}
      lang={language}
      frame={FRAME}
      query={query}
      missing={<p data-testid="missing">missing</p>}
    />
  );
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[query.size ? `${FRAME}?${query.toString()}` : FRAME]}>{node}</MemoryRouter>
    </I18nProvider>,
  );
}

const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!.replaceAll('&amp;', '&'));

describe('a course’s draft in the preview frame', () => {
  it('shows the course page as learners see it, with Enroll that cannot be pressed, and every link inside the frame', () => {
    const html = render(course('en'), {});
    expect(html).toContain('<h1 class="course__title">Safe money</h1>');
    expect(html).toMatch(/<button type="button" class="btn course__enrol" disabled="">Enroll<\/button>/);
    expect(html).toContain('Chapters (1)');
    // Every kind of step counted, the video too; why Download is greyed said in words, not a tooltip.
    expect(html).toMatch(/Lessons: \d+ · Videos: 1 · Quizzes: \d+/);
    expect(html).toContain('aria-describedby="course-no-document"');
    expect(html).toContain(
      '<p id="course-no-document" class="course__note">This course has no document to download</p>',
    );
    const hrefs = links(html).filter((href) => !href.startsWith('/uploads/'));
    expect(hrefs).toContain(at({ chapter: CHAPTER }));
    expect(hrefs.every((href) => href.startsWith(FRAME))).toBe(true);
  });

  it('shows a course with no chapters yet: its page, an empty list, nothing to open', () => {
    const bare = course('en', { chapter_ens: [], quiz_ens: [], videos: [], lessonCount: 0, quizCount: 0 });
    const html = render({ ...bare, chapters: {}, quizzes: {} }, {});
    expect(html).toContain('Chapters (0)');
    expect(html).toContain('<ol class="course__rows"></ol>');
    expect(links(html).some((href) => href.includes('chapter='))).toBe(false);
  });

  it('opens a lesson in the course sidebar, with Mark as Complete not pressable and Next following the sidebar', () => {
    const html = render(course('en'), { chapterId: CHAPTER, lessonId: LESSON });
    expect(html).toContain('<nav class="sidebar"');
    expect(html).toContain('<h1 id="view-title" class="view__title">Why save</h1>');
    expect(html).toContain('<p>Because.</p>');
    expect(html).toMatch(/<button type="button" class="btn" disabled="">Mark as Complete<\/button>/);
    expect(links(html)).toContain(at({ chapter: CHAPTER, lesson: EMPTY }));
    // The sidebar marks this lesson alone as open (every place shares the frame's path).
    expect(
      [...html.matchAll(/<a class="sidebar__link is-active"[^>]*aria-current="page"[^>]*>/g)].map(
        ([tag]) => links(tag)[0],
      ),
    ).toEqual([at({ chapter: CHAPTER, lesson: LESSON })]);
    expect(links(html).every((href) => href.startsWith(FRAME) || href.startsWith('/uploads/'))).toBe(true);
  });

  it('opens a lesson whose title and text are still empty without failing', () => {
    const html = render(course('en'), { chapterId: CHAPTER, lessonId: EMPTY });
    expect(html).toContain('<h1 id="view-title" class="view__title"></h1>');
    expect(html).toContain('Mark as Complete');
  });

  it('opens a chapter, a video, the summary and the journal (its text not writable)', () => {
    expect(render(course('en'), { chapterId: CHAPTER })).toContain('Start the first lesson');
    const video = render(course('en'), { videoId: VIDEO });
    expect(video).toMatch(/<video class="video-player"[^>]*src="\/uploads\/videos\/welcome.webm"/);
    expect(video).toContain('Watch the video to the end');
    expect(render(course('en'), { conclusion: 'summary' })).toContain('<p>You learnt to save.</p>');
    const journal = render(course('en'), { conclusion: 'journal' });
    expect(journal).toContain('What will you save for?');
    expect(journal).toMatch(/<textarea[^>]*disabled=""/);
  });

  it('opens a quiz at its intro, as the learning view does, in the content’s language', () => {
    const html = render(course('hi'), { quizId: QUIZ }, 'hi');
    expect(html).toContain('<h1');
    expect(html).toContain('Check');
    expect(html).toContain(hi.quizIntro.replace('{{passing}}', '50'));
  });

  it('says so at a place the draft does not have', () => {
    for (const place of [
      { chapterId: 'gone' },
      { chapterId: CHAPTER, lessonId: 'gone' },
      { videoId: 'gone' },
      { quizId: 'gone' },
    ]) {
      expect(render(course('en'), place)).toContain('data-testid="missing"');
    }
    const noSummary = course('en', { summary: null });
    expect(render(noSummary, { conclusion: 'summary' })).toContain('data-testid="missing"');
  });
});
