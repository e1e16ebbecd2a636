// Every page of the web app, declared once. The router (router.tsx), the URL builders (paths.ts)
// and the page manifest the build writes for the server (pages-manifest.ts, read by
// server/modules/pages/) all come from here. Plain data, importing only types: vite.config.ts reads
// it when it builds. The browser's build keeps only the routing fields of each page (address,
// module, exports, namespaces); titles and share previews reach the server through the manifest.
import type { PagePreview } from '../../contract/page-manifest';
import { PREVIEW_FRAME_PREFIX } from '../../contract/staff-roles';

export interface PageDeclaration {
  /** The address, as React Router reads it (`/blogs/:blogId`). */
  path: string;
  /** The module under app/routes/ (its file name without .tsx): one chunk, loaded when the page is. */
  module: string;
  /** The module's export that shows the page; `Component` when not given. */
  view?: string;
  /**
   * An export of the same module that frames its pages (a layout route with an outlet): pages
   * naming the same layout share one frame, which stays mounted while a visitor moves between them.
   */
  layout?: string;
  /** Translation namespaces the page shows (beside common), fetched with its chunk. */
  namespaces: readonly string[];
  /**
   * Rendered on the server (ADR 10): `true` for a public page a visitor lands on from a search or a
   * shared link; `'signed-in'` for a learner's own view, rendered only for a visitor with a session
   * (anyone else is sent to sign in by the browser; ADR 28).
   */
  rendered?: boolean | 'signed-in';
  /**
   * A page of the staff console: shown in the console's own frame (no site header, footer or
   * contact banner), never rendered on the server, its code in chunks no public page loads.
   */
  console?: true;
  /**
   * Its title in the browser tab and share previews: `en` exactly as written; `key`
   * ("namespace:key", the page's heading) gives it in a language that translates that heading.
   */
  title?: { en: string; key?: string };
  /** Its share-preview description (English); the site's when not given. */
  description?: string;
  /** The picture likely to be the largest on screen, fetched early. */
  lcpImage?: string;
  /** Content that gives the page its share preview, looked up by the server. */
  preview?: PagePreview;
}

/** The share preview of a page that has none of its own. */
export const site = {
  name: 'JGK',
  title: 'JGK – Taking India forward with financial literacy',
  description:
    'Free financial-literacy and cyber-safety courses in 10 Indian languages, taught with games, quizzes and stories.',
  image: '/og-image.png',
} as const;

const coursePreview = { content: 'course', langParam: 'lang', idParam: 'courseId' } as const;

/** Every view inside the course sidebar: one chunk, one frame, the same translations. */
const learningView = {
  module: 'learning',
  layout: 'Layout',
  namespaces: ['learning', 'messages', 'profile', 'quiz', 'quiz-demo'],
  preview: coursePreview,
} as const;

/** Every page of the staff console: one chunk and one frame (which holds the sign-in and second-factor gate). */
const staffView = { module: 'staff', layout: 'Layout', namespaces: ['staff', 'messages'], console: true } as const;

export const pages = {
  home: {
    path: '/',
    module: 'home',
    namespaces: ['home', 'home-text', 'stories', 'media', 'event-link'],
    rendered: true,
    title: { en: site.title, key: 'home:hero.title' },
    lcpImage: '/home/hero-1.svg',
  },
  about: {
    path: '/about',
    module: 'about',
    namespaces: ['about'],
    rendered: true,
    title: { en: 'About us – JGK', key: 'about:title' },
  },
  gallery: {
    path: '/gallery',
    module: 'gallery',
    namespaces: ['media'],
    rendered: true,
    title: { en: 'Gallery – JGK', key: 'media:galleryTitle' },
  },
  highlights: {
    path: '/highlights',
    module: 'highlights',
    namespaces: ['media'],
    rendered: true,
    title: { en: 'Highlights – JGK', key: 'media:highlightsTitle' },
  },
  news: {
    path: '/news',
    module: 'news',
    namespaces: ['news'],
    rendered: true,
    title: { en: 'News and publications – JGK', key: 'news:title' },
  },
  blogs: {
    path: '/blogs',
    module: 'blogs',
    namespaces: ['blogs'],
    rendered: true,
    title: { en: 'Blogs – JGK', key: 'blogs:title' },
    preview: { content: 'blog-list' },
  },
  blog: {
    path: '/blogs/:blogId',
    module: 'blog',
    namespaces: ['blogs'],
    rendered: true,
    preview: { content: 'blog', idParam: 'blogId' },
  },
  storiesAll: {
    path: '/success-stories/all',
    module: 'stories',
    namespaces: ['stories'],
    rendered: true,
    title: { en: 'Success stories – JGK', key: 'stories:title' },
  },
  story: {
    path: '/success-stories/:storyId',
    module: 'story',
    namespaces: ['stories'],
    rendered: true,
    preview: { content: 'story', idParam: 'storyId' },
  },
  login: {
    path: '/login',
    module: 'login',
    namespaces: ['auth', 'messages'],
    title: { en: 'Sign in – JGK', key: 'auth:title' },
  },
  courses: {
    path: '/courses',
    module: 'courses',
    namespaces: ['learning', 'messages'],
    rendered: true,
    title: { en: 'Courses – JGK', key: 'learning:catalogueTitle' },
    description:
      'Free courses on saving, banking, digital payments and staying safe from fraud, in 10 Indian languages.',
  },
  course: {
    path: '/courses/:lang/:courseId',
    module: 'course',
    namespaces: ['learning', 'messages', 'profile'],
    rendered: true,
    preview: coursePreview,
  },
  courseJournal: { ...learningView, path: '/courses/:lang/:courseId/journal', view: 'Journal' },
  courseSummary: { ...learningView, path: '/courses/:lang/:courseId/summary', view: 'Summary' },
  // The views a learner spends their time in (and opens from a link or a bookmark): painted from the
  // server's HTML with their data, instead of after the scripts and three rounds of calls (ADR 28).
  chapter: {
    ...learningView,
    path: '/courses/:lang/:courseId/chapter/:chapterId',
    view: 'Chapter',
    rendered: 'signed-in',
  },
  lesson: {
    ...learningView,
    path: '/courses/:lang/:courseId/chapter/:chapterId/lesson/:lessonId',
    view: 'Lesson',
    rendered: 'signed-in',
  },
  quiz: { ...learningView, path: '/courses/:lang/:courseId/quiz/:quizId', view: 'Quiz', rendered: 'signed-in' },
  quizDemo: { ...learningView, path: '/courses/:lang/:courseId/quiz_demo/:quizId', view: 'QuizDemo' },
  video: { ...learningView, path: '/courses/:lang/:courseId/video/:videoId', view: 'Video' },
  profile: { path: '/user-profile', module: 'profile', namespaces: ['profile', 'messages'] },
  certificateVerify: {
    path: '/certificates/verify/:number',
    module: 'certificate-verify',
    namespaces: ['profile', 'messages'],
  },
  cyberShield: {
    path: '/vicyberShield',
    module: 'cyber-shield',
    namespaces: ['cybershield', 'event-link'],
    rendered: true,
    title: { en: 'Vi CyberShield – stay safe from online fraud – JGK', key: 'cybershield:hero.title' },
    description:
      'How to recognise phishing, shopping fraud, malware and identity theft, ten tips to stay safe, and what to do if you are cheated: call 1930 or report at cybercrime.gov.in.',
  },
  cyberShieldTerms: {
    path: '/vicybershieldtnc',
    module: 'quiz-terms',
    namespaces: ['quiz-terms'],
    rendered: true,
    title: { en: 'Vi CyberShield quiz terms and conditions – JGK', key: 'quiz-terms:title' },
  },
  // An event quiz (ADR 40): its page with the entrant's quiz, and its leaderboard once results are out.
  event: {
    path: '/events/:eventKey',
    module: 'event',
    namespaces: ['events', 'quiz', 'messages'],
    rendered: true,
    title: { en: 'Quiz event – JGK', key: 'events:eyebrow' },
    description:
      'Take part in a cyber-safety quiz: one entry per mobile number, on the server’s clock, in your language.',
  },
  eventLeaderboard: {
    path: '/events/:eventKey/leaderboard',
    module: 'event',
    view: 'Leaderboard',
    namespaces: ['events'],
    rendered: true,
    title: { en: 'Leaderboard – JGK', key: 'events:leaderboard.title' },
  },
  privacy: {
    path: '/privacy-policy',
    module: 'privacy-policy',
    namespaces: ['privacy'],
    rendered: true,
    title: { en: 'Privacy policy – JGK', key: 'privacy:title' },
  },
  quizComponent: { path: '/quizcomponent', module: 'quiz-component', namespaces: ['quiz', 'quiz-demo'] },
  staffTranslations: { ...staffView, path: '/staff', view: 'Translations', title: { en: 'Translations – JGK staff' } },
  staffMembers: { ...staffView, path: '/staff/members', view: 'Members', title: { en: 'Staff accounts – JGK staff' } },
  staffAudit: { ...staffView, path: '/staff/audit', view: 'Audit', title: { en: 'Audit log – JGK staff' } },
  staffAccount: {
    ...staffView,
    path: '/staff/account',
    view: 'Account',
    title: { en: 'Your staff account – JGK staff' },
  },
  staffItem: { ...staffView, path: '/staff/content/:itemId/:lang', view: 'Item', title: { en: 'Content – JGK staff' } },
  staffPreview: {
    ...staffView,
    path: '/staff/content/:itemId/:lang/preview',
    view: 'Preview',
    title: { en: 'Preview – JGK staff' },
  },
  // What the preview's frame shows: the draft as the site's page would, without the console's frame
  // (no layout: the console's root only), in the content's language.
  staffPreviewFrame: {
    module: 'staff',
    view: 'PreviewFrame',
    namespaces: ['staff', 'messages', 'blogs', 'stories', 'learning', 'quiz'],
    console: true,
    path: `${PREVIEW_FRAME_PREFIX}:itemId/:lang`,
    title: { en: 'Preview of a draft – JGK staff' },
  },
  staffMedia: { ...staffView, path: '/staff/media', view: 'Media', title: { en: 'Media library – JGK staff' } },
  staffVoices: { ...staffView, path: '/staff/voices', view: 'Voices', title: { en: 'Voices – JGK staff' } },
  staffMediaFile: {
    ...staffView,
    path: '/staff/media/:fileId',
    view: 'MediaFile',
    title: { en: 'A file of the media library – JGK staff' },
  },
  staffEditor: {
    ...staffView,
    path: '/staff/content/:itemId/:lang/edit',
    view: 'Editor',
    title: { en: 'Editor – JGK staff' },
  },
  staffTranslate: {
    ...staffView,
    path: '/staff/content/:itemId/:lang/translate',
    view: 'Translate',
    title: { en: 'Translation – JGK staff' },
  },
  staffAnalytics: { ...staffView, path: '/staff/analytics', view: 'Analytics', title: { en: 'Analytics – JGK staff' } },
  staffCourseAnalytics: {
    ...staffView,
    path: '/staff/analytics/courses/:courseId',
    view: 'CourseAnalytics',
    title: { en: 'Course figures – JGK staff' },
  },
  staffEvents: { ...staffView, path: '/staff/events', view: 'Events', title: { en: 'Events – JGK staff' } },
  staffNewEvent: { ...staffView, path: '/staff/events/new', view: 'NewEvent', title: { en: 'New event – JGK staff' } },
  staffEvent: { ...staffView, path: '/staff/events/:eventId', view: 'Event', title: { en: 'Event – JGK staff' } },
  staffEventQuestions: {
    ...staffView,
    path: '/staff/events/:eventId/questions',
    view: 'EventQuestions',
    title: { en: 'Question pool – JGK staff' },
  },
  staffEventTexts: {
    ...staffView,
    path: '/staff/events/:eventId/texts/:lang',
    view: 'EventTexts',
    title: { en: 'Event texts – JGK staff' },
  },
} as const satisfies Record<string, PageDeclaration>;

export type PageName = keyof typeof pages;

/** Addresses that only lead to a page. Any other unknown address leads home. */
export const redirects = {
  stories: { path: '/success-stories', to: pages.storiesAll.path },
} as const;
