// The routes of the web app. Each page is its own chunk (React.lazy), fetched together with its
// translation namespaces so it renders once, complete. Pages live in app/routes/ and compose
// features; URLs come from paths.ts. (Declarative routes: the data-router half of React Router
// would add 17 KB gzip to every first load, and no page uses loaders.)
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { i18n } from '../i18n/i18n';
import { routePatterns as p } from './paths';
import { RootLayout } from './layouts/root-layout';

/**
 * A lazily loaded page: its module and its translation namespaces, fetched in parallel. A namespace
 * that cannot be fetched does not stop the page: it shows that namespace's keys. (On the server
 * every namespace is given to the page's translator before rendering.)
 */
function page(load: () => Promise<{ Component: ComponentType }>, namespaces: string[] = []) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), namespaces.length && !import.meta.env.SSR ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined]);
    return { default: module.Component };
  });
}

const Home = page(() => import('./routes/home'), ['home', 'home-text', 'stories', 'media']);
const About = page(() => import('./routes/about'), ['about']);
const Gallery = page(() => import('./routes/gallery'), ['media']);
const Highlights = page(() => import('./routes/highlights'), ['media']);
const News = page(() => import('./routes/news'), ['news']);
const Blogs = page(() => import('./routes/blogs'), ['blogs']);
const Blog = page(() => import('./routes/blog'), ['blogs']);
const Stories = page(() => import('./routes/stories'), ['stories']);
const Story = page(() => import('./routes/story'), ['stories']);
const Login = page(() => import('./routes/login'), ['auth', 'messages']);
const Courses = page(() => import('./routes/courses'), ['learning', 'messages']);
const Course = page(() => import('./routes/course'), ['learning', 'messages', 'profile']);
const Learning = page(() => import('./routes/learning'), ['learning', 'messages', 'profile', 'quiz', 'quiz-demo']);
const Profile = page(() => import('./routes/profile'), ['profile', 'messages']);
const CertificateVerify = page(() => import('./routes/certificate-verify'), ['profile', 'messages']);
const CyberShield = page(() => import('./routes/cyber-shield'), ['cybershield']);
const QuizTerms = page(() => import('./routes/quiz-terms'), ['quiz-terms']);
const PrivacyPolicy = page(() => import('./routes/privacy-policy'), ['privacy']);
const QuizComponent = page(() => import('./routes/quiz-component'), ['quiz', 'quiz-demo']);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path={p.about} element={<About />} />
        <Route path={p.gallery} element={<Gallery />} />
        <Route path={p.highlights} element={<Highlights />} />
        <Route path={p.news} element={<News />} />
        <Route path={p.blogs} element={<Blogs />} />
        <Route path={p.blog} element={<Blog />} />
        <Route path={p.stories} element={<Navigate to={p.storiesAll} replace />} />
        <Route path={p.storiesAll} element={<Stories />} />
        <Route path={p.story} element={<Story />} />
        <Route path={p.login} element={<Login />} />
        <Route path={p.courses} element={<Courses />} />
        <Route path={p.course} element={<Course />} />
        {[p.courseJournal, p.courseSummary, p.chapter, p.lesson, p.quiz, p.quizDemo, p.video].map((path) => (
          <Route key={path} path={path} element={<Learning />} />
        ))}
        <Route path={p.profile} element={<Profile />} />
        <Route path={p.certificateVerify} element={<CertificateVerify />} />
        <Route path={p.cyberShield} element={<CyberShield />} />
        <Route path={p.cyberShieldTerms} element={<QuizTerms />} />
        <Route path={p.privacy} element={<PrivacyPolicy />} />
        <Route path={p.quizComponent} element={<QuizComponent />} />
        <Route path="*" element={<Navigate to={p.home} replace />} />
      </Route>
    </Routes>
  );
}
