// The staff console (/staff): one chunk, never loaded by a public page. Its frame checks who is
// signed in as staff (and their second factor) before any of its pages show; each page is for the
// roles its section names. The preview's frame is the one page outside that frame: it shows a
// draft with the public post and story components and the learning pages' components, composed here
// (features never import each other).
import { Link, Navigate, Outlet, useOutletContext, useParams, useSearchParams } from 'react-router';
import type { ComponentProps } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import type { StaffRole } from '../../../contract/staff-roles';
import { useTranslation } from '../../i18n/react';
import type { StaffMe } from '../../../contract/staff';
import { StaffGate } from '../../features/staff-console/components/staff-gate';
import {
  ConsoleFrame,
  NotForYourRole,
  type ConsoleSection,
} from '../../features/staff-console/components/console-frame';
import { TranslationMatrixPage } from '../../features/staff-content/components/translation-matrix';
import { MembersPage } from '../../features/staff-people/components/members';
import { AuditLogPage } from '../../features/staff-people/components/audit-log';
import { AccountPage } from '../../features/staff-console/components/account';
import { ItemLanguagePage } from '../../features/staff-content/components/item-language';
import {
  PreviewFrame as PreviewFramePage,
  PreviewPage,
  type PreviewRenderers,
} from '../../features/staff-content/components/preview';
import { CoursePreview } from '../../features/learning/components/course-preview';
import { BlogArticle } from '../../features/blogs/components/blog-detail';
import { StoryArticle } from '../../features/stories/components/story-detail';
import { EditorPage } from '../../features/staff-editors/components/editor-page';
import { TranslationPage } from '../../features/staff-translation/components/translation-page';
import { AnalyticsPage } from '../../features/staff-analytics/components/analytics-page';
import { CourseAnalyticsPage } from '../../features/staff-analytics/components/course-analytics';
import { MediaLibraryPage } from '../../features/staff-media-library/components/media-library';
import { MediaFilePage } from '../../features/staff-media-library/components/media-file';
import { MediaPicker } from '../../features/staff-media-library/components/media-picker';
import { VoicesPage } from '../../features/staff-voices/components/voices-page';
import { EventsPage } from '../../features/staff-events/components/events-list';
import { EventPage } from '../../features/staff-events/components/event-page';
import { NewEventPage } from '../../features/staff-events/components/settings';
import { QuestionsPage } from '../../features/staff-event-pool/components/questions';
import { EventTextsPage } from '../../features/staff-event-pool/components/texts-page';
import { paths } from '../paths';
// The console's stylesheet (staff.css beside this module: the staff features' own, put together) is
// its own file, not part of the one stylesheet every public page loads (vite.config.ts builds a
// single one): React puts the link in the head and shows the console once it has loaded.
import staffStylesheet from './staff.css?url';

const ADMIN: readonly StaffRole[] = ['admin'];
const CONTENT: readonly StaffRole[] = ['admin', 'editor', 'translator'];
const EVERYONE: readonly StaffRole[] = ['admin', 'editor', 'translator', 'analyst'];
const FIGURES: readonly StaffRole[] = ['admin', 'analyst'];
/** Who runs events: creates them, builds the pool, schedules, closes, reviews and publishes (ADR 40). */
const EVENT_MANAGERS: readonly StaffRole[] = ['admin', 'editor'];

export function Layout() {
  const { t } = useTranslation('staff');
  const sections: ConsoleSection[] = [
    { to: paths.staffTranslations(), label: t('nav.translations'), roles: CONTENT },
    { to: paths.staffMedia(), label: t('nav.media'), roles: CONTENT, nested: true },
    { to: paths.staffVoices(), label: t('nav.voices'), roles: CONTENT },
    { to: paths.staffEvents(), label: t('nav.events'), roles: EVERYONE, nested: true },
    { to: paths.staffMembers(), label: t('nav.members'), roles: ADMIN },
    { to: paths.staffAnalytics(), label: t('nav.analytics'), roles: FIGURES },
    { to: paths.staffAudit(), label: t('nav.audit'), roles: ADMIN },
    { to: paths.staffAccount(), label: t('nav.account'), roles: EVERYONE },
  ];
  return (
    <>
      <link rel="stylesheet" href={staffStylesheet} precedence="staff" />
      <StaffGate loginPath={(back) => paths.login(back)} homePath={paths.home()}>
        {(me, ended) => (
          <ConsoleFrame me={me} ended={ended} sections={sections} homePath={paths.home()}>
            <Outlet context={me} />
          </ConsoleFrame>
        )}
      </StaffGate>
    </>
  );
}

/** A page for some roles only: the others are told so. */
function ForRoles({ roles, children }: { roles: readonly StaffRole[]; children: (me: StaffMe) => React.ReactNode }) {
  const me = useOutletContext<StaffMe>();
  return holds(me, roles) ? <>{children(me)}</> : <NotForYourRole />;
}

const holds = (me: StaffMe, roles: readonly StaffRole[]) => roles.some((role) => me.roles.includes(role));

/** The console's home: the translation matrix, or for an analyst (who has no content to work on) the figures. */
export function Translations() {
  const me = useOutletContext<StaffMe>();
  if (!holds(me, CONTENT) && holds(me, FIGURES)) return <Navigate to={paths.staffAnalytics()} replace />;
  return (
    <ForRoles roles={CONTENT}>
      {(me) => <TranslationMatrixPage me={me} itemPath={paths.staffItem} eventPath={paths.staffEventTexts} />}
    </ForRoles>
  );
}

export function Item() {
  const { itemId = '', lang = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => (
        <ItemLanguagePage
          me={me}
          itemId={itemId}
          lang={lang}
          matrixPath={paths.staffTranslations()}
          itemPath={(other) => paths.staffItem(itemId, other)}
          previewPath={paths.staffPreview(itemId, lang)}
          editPath={(other) => paths.staffEditor(itemId, other)}
          translatePath={(other) => paths.staffTranslate(itemId, other)}
          sitePath={(kind, slug) => (kind === 'blog' ? paths.blog(slug) : kind === 'story' ? paths.story(slug) : null)}
        />
      )}
    </ForRoles>
  );
}

/** A draft as learners will see it, in a frame of a phone's, a tablet's or a desktop's width. */
export function Preview() {
  const { itemId = '', lang = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {() => (
        <PreviewPage
          itemId={itemId}
          lang={lang}
          framePath={paths.staffPreviewFrame(itemId, lang)}
          itemPath={paths.staffItem(itemId, lang)}
        />
      )}
    </ForRoles>
  );
}

/** The media library: editors and admins upload and delete, translators write text alternatives (the server's rule). */
export function Media() {
  return <ForRoles roles={CONTENT}>{(me) => <MediaLibraryPage me={me} filePath={paths.staffMediaFile} />}</ForRoles>;
}

/** Read aloud's recordings and synthesis queue: translators record in their languages (the server's rule). */
export function Voices() {
  return <ForRoles roles={CONTENT}>{(me) => <VoicesPage me={me} />}</ForRoles>;
}

export function MediaFile() {
  const { fileId = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => <MediaFilePage me={me} fileId={fileId} libraryPath={paths.staffMedia()} itemPath={paths.staffItem} />}
    </ForRoles>
  );
}

function CourseInFrame({
  preview,
  lang,
}: {
  preview: ComponentProps<typeof CoursePreview>['preview'];
  lang: LanguageCode;
}) {
  const { t } = useTranslation('staff');
  const { itemId = '' } = useParams();
  const [query] = useSearchParams();
  const frame = paths.staffPreviewFrame(itemId, lang);
  return (
    <CoursePreview
      preview={preview}
      lang={lang}
      frame={frame}
      query={query}
      missing={
        <p className="view" role="alert" lang="en">
          {t('preview.notInDraft')} <Link to={frame}>{t('preview.toCoursePage')}</Link>
        </p>
      }
    />
  );
}

/** Each kind as its public page frames it (blog-detail.tsx, story-detail.tsx; a course as its pages and learning views), without the links to other pages. */
const previewRenderers: PreviewRenderers = {
  course: (preview, lang) => <CourseInFrame preview={preview} lang={lang} />,
  blog: (blog, bcp47) => (
    <div className="container blog-detail">
      <div className="blog-detail__grid">
        <article className="blog-detail__article">
          <BlogArticle blog={blog} bcp47={bcp47} />
        </article>
      </div>
    </div>
  ),
  story: (story) => (
    <article className="container story-detail">
      <StoryArticle story={story} />
    </article>
  ),
};

/**
 * What the preview's frame shows (/staff/preview-frame/:itemId/:lang): the draft as the site's page
 * would, with the public pages' components, outside the console's frame (no layout). In this
 * module, not one of its own: a module the console shared with it would be grouped with the public
 * pages' shared pieces.
 */
export function PreviewFrame() {
  const { itemId = '', lang = '' } = useParams();
  return <PreviewFramePage itemId={itemId} lang={lang} render={previewRenderers} />;
}

/** A translation beside its source, field by field. */
export function Translate() {
  const { itemId = '', lang = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => (
        <TranslationPage
          me={me}
          itemId={itemId}
          lang={lang}
          itemPath={(other) => paths.staffItem(itemId, other)}
          imagePicker={MediaPicker}
          editPath={(other) => paths.staffEditor(itemId, other)}
        />
      )}
    </ForRoles>
  );
}

/** One item in one language, in its kind's editor. */
export function Editor() {
  const { itemId = '', lang = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => (
        <EditorPage
          me={me}
          itemId={itemId}
          lang={lang}
          itemPath={(other) => paths.staffItem(itemId, other)}
          imagePicker={MediaPicker}
        />
      )}
    </ForRoles>
  );
}

export function Members() {
  return <ForRoles roles={ADMIN}>{(me) => <MembersPage selfId={me.userId} />}</ForRoles>;
}

export function Audit() {
  return (
    <ForRoles roles={ADMIN}>
      {() => <AuditLogPage paths={{ item: paths.staffItem, mediaFile: paths.staffMediaFile }} />}
    </ForRoles>
  );
}

export function Analytics() {
  return <ForRoles roles={FIGURES}>{() => <AnalyticsPage detailPath={paths.staffCourseAnalytics} />}</ForRoles>;
}

export function CourseAnalytics() {
  const { courseId = '' } = useParams();
  return (
    <ForRoles roles={FIGURES}>
      {() => <CourseAnalyticsPage courseId={courseId} overviewPath={paths.staffAnalytics()} />}
    </ForRoles>
  );
}

/** The events: every role reads them; each part of an event shows to the roles the server lets read it. */
export function Events() {
  return (
    <ForRoles roles={EVERYONE}>
      {(me) => <EventsPage me={me} eventPath={paths.staffEvent} newPath={paths.staffNewEvent()} />}
    </ForRoles>
  );
}

export function NewEvent() {
  return (
    <ForRoles roles={EVENT_MANAGERS}>
      {() => <NewEventPage eventPath={paths.staffEvent} listPath={paths.staffEvents()} />}
    </ForRoles>
  );
}

const eventPaths = {
  list: paths.staffEvents(),
  questions: paths.staffEventQuestions,
  texts: paths.staffEventTexts,
};

export function Event() {
  const { eventId = '' } = useParams();
  return <ForRoles roles={EVERYONE}>{(me) => <EventPage me={me} eventId={eventId} paths={eventPaths} />}</ForRoles>;
}

/** The pool, with its right options: editors, admins and translators (who translate it). */
export function EventQuestions() {
  const { eventId = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => (
        <QuestionsPage
          me={me}
          eventId={eventId}
          eventPath={paths.staffEvent(eventId)}
          textsPath={(lang) => paths.staffEventTexts(eventId, lang)}
        />
      )}
    </ForRoles>
  );
}

export function EventTexts() {
  const { eventId = '', lang = '' } = useParams();
  return (
    <ForRoles roles={CONTENT}>
      {(me) => (
        <EventTextsPage key={lang} me={me} eventId={eventId} lang={lang} eventPath={paths.staffEvent(eventId)} />
      )}
    </ForRoles>
  );
}

export function Account() {
  return <ForRoles roles={EVERYONE}>{(me) => <AccountPage me={me} />}</ForRoles>;
}
