// The translation view as it first renders: each plain-text field stops typing at the length the
// document's schema allows, as the same field does in the kind's editor, so a translator never
// learns a limit only when a save is refused.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type {
  ContentItem,
  CourseDocument,
  LanguageHead,
  StaleFields,
  TemplateResponse,
} from '../../../../contract/authoring';
import { TEXT_MAX } from '../../../../contract/document-fields';
import { staffKeys } from '../../../staff-shared/api/keys';
import type { StaffMe } from '../../../../contract/staff';
import { renderStaff as render } from '../../../staff-shared/components/render-for-tests';
import { TranslationPage } from './translation-page';

const ITEM = '5f0c4b8e-0000-4000-8000-000000000004';
const TRANSLATOR: StaffMe = {
  userId: 'u1',
  name: 'Esha',
  roles: ['translator'],
  languages: ['hi'],
  secondFactor: 'verified',
};

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
  videos: [
    { key: 'intro', title: 'Intro', description: 'A first look', video: 'uploads/v.mp4', poster: null, duration: 60 },
  ],
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
          explanation: 'Banks keep it safe',
          options: [{ key: 'a', content: 'A bank', correct: true }],
        },
      ],
    },
  ],
};

/** A client holding what the view reads: the item, the Hindi starting point, the English source and no stale fields. */
function withCourse() {
  const client = new QueryClient();
  const at = '2026-11-27T06:00:00.000Z';
  const state = {
    publicId: ITEM,
    status: 'published',
    headVersion: 1,
    publishedVersion: 1,
    publishedAt: at,
    scheduled: null,
    updatedAt: at,
  } as const;
  client.setQueryData(staffKeys.item(ITEM), {
    id: ITEM,
    kind: 'course',
    slug: 'money-basics',
    sourceLang: 'en',
    title: 'Money basics',
    owner: 'staff',
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    languages: [{ lang: 'en', ...state }],
  } satisfies ContentItem);
  client.setQueryData([...staffKeys.edit(ITEM, 'hi'), 'template'], {
    sourceLang: 'en',
    sourceVersion: 1,
    baseVersion: 0,
    body: course,
  } satisfies TemplateResponse);
  client.setQueryData([...staffKeys.language(ITEM, 'en'), 'head'], {
    itemId: ITEM,
    kind: 'course',
    lang: 'en',
    version: { number: 1, origin: 'save', restoredFrom: null, createdAt: at, createdBy: null },
    revision: '0123456789abcdef',
    state: { lang: 'en', ...state },
    body: course,
  } satisfies LanguageHead);
  client.setQueryData([...staffKeys.language(ITEM, 'hi'), 'stale'], {
    sourceLang: 'en',
    sourceVersion: 1,
    version: null,
    fields: [],
  } satisfies StaleFields);
  return client;
}

/** Each labelled text field of the page, in order: its label, its text, and its maxlength (null when it has none). */
function textFields(html: string): [label: string, value: string, maxLength: number | null][] {
  const labels = new Map([...html.matchAll(/<label for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map((m) => [m[1]!, m[2]!]));
  return [...html.matchAll(/<(input|textarea)([^>]*)>([^<]*)/g)]
    .filter((m) => !/type="(radio|checkbox)"/.test(m[2]!))
    .map((m) => {
      const attributes = m[2]!;
      const id = /id="([^"]+)"/.exec(attributes)?.[1] ?? '';
      const value = m[1] === 'textarea' ? m[3]! : (/value="([^"]*)"/.exec(attributes)?.[1] ?? '');
      const max = /maxLength="(\d+)"/i.exec(attributes)?.[1];
      return [labels.get(id) ?? '', value, max === undefined ? null : Number(max)];
    });
}

describe('the translation view', () => {
  it('gives each plain-text field the limit the kind’s editor gives it', () => {
    const html = render(
      <TranslationPage
        me={TRANSLATOR}
        itemId={ITEM}
        lang="hi"
        itemPath={(lang) => `/staff/content/${ITEM}/${lang}`}
        imagePicker={() => null}
        editPath={(lang) => `/staff/content/${ITEM}/${lang}/edit`}
      />,
      withCourse(),
    );
    expect(textFields(html)).toEqual([
      ['Title in Hindi', 'Money basics', TEXT_MAX.course.title],
      ['Title in Hindi', 'Saving', TEXT_MAX.chapter.title],
      ['Title in Hindi', 'Why save', TEXT_MAX.lesson.title],
      ['Title in Hindi', 'Intro', TEXT_MAX.video.title],
      ['Description in Hindi', 'A first look', TEXT_MAX.video.description],
      ['Title in Hindi', 'Check', TEXT_MAX.quiz.title],
      ['Text in Hindi', 'Which?', TEXT_MAX.question.content],
      ['Explanation in Hindi', 'Banks keep it safe', TEXT_MAX.question.explanation],
      ['Text in Hindi', 'A bank', TEXT_MAX.option.content],
    ]);
    // The same name may have different limits in different elements: the limit is the element's field's, not the name's.
    expect(TEXT_MAX.option.content).not.toBe(TEXT_MAX.question.content);
  });
});
