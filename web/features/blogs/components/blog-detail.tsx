import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { fileUrl, isClientError } from '../../../lib/api-client';
import { excerpt, formatDate } from '../../../lib/text';
import { LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { RichText } from '../../../components/rich-text';
import { QueryState } from '../../../components/query-state';
import type { Blog } from '../../../../contract/public-content';
import { useWrittenIn } from '../../../i18n/written-in';
import { useBlog, useRecentBlogs } from '../api/blogs';
import './blogs.css';

export const READ_NEXT_EXCERPT = 130;

function ReadNextItem({ blog, blogPath }: { blog: Blog; blogPath: (id: string) => string }) {
  const { lang } = useWrittenIn(blog.lang);
  return (
    <li className="read-next__item">
      <img src={fileUrl(blog.image)} alt="" width="120" height="80" loading="lazy" decoding="async" />
      <div lang={lang}>
        <Link to={blogPath(blog.id)} className="read-next__link">
          {blog.title}
        </Link>
        <p className="read-next__excerpt">{excerpt(blog.description, READ_NEXT_EXCERPT)}</p>
      </div>
    </li>
  );
}

function ReadNext({ currentId, blogPath }: { currentId: string; blogPath: (id: string) => string }) {
  const { t } = useTranslation('blogs');
  const recent = useRecentBlogs();
  const others = (recent.data ?? []).filter((blog) => blog.id !== currentId);
  if (others.length === 0) return null;
  return (
    <aside className="read-next" aria-labelledby="read-next">
      <h2 id="read-next" className="read-next__title">
        {t('readNext')}
      </h2>
      <ul className="read-next__list">
        {others.map((blog) => (
          <ReadNextItem key={blog.id} blog={blog} blogPath={blogPath} />
        ))}
      </ul>
    </aside>
  );
}

/** A post as its page shows it: picture, title, author, date, reading time and text (also the console's preview of a draft). */
export function BlogArticle({ blog, bcp47 }: { blog: Blog; bcp47: string }) {
  const { t } = useTranslation('blogs');
  const { t: tc } = useTranslation();
  return (
    <>
      <img
        className="blog-detail__image"
        src={fileUrl(blog.image)}
        alt={blog.imageAlt ?? ''}
        width="1200"
        height="800"
        fetchPriority="high"
      />
      <h1 className="blog-detail__title">{blog.title}</h1>
      <p className="blog-meta">
        <span>{t('by', { author: blog.author })}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={blog.createdAt}>{formatDate(blog.createdAt, bcp47)}</time>
        <span aria-hidden="true"> · </span>
        <span>{t('readTime', { count: blog.readTime })}</span>
      </p>
      <RichText html={blog.description} videoLabel={blog.title} playLabel={tc('video.play')} />
    </>
  );
}

/** The post's page text, marked with its language, under the note when it is not in the reader's. */
function ArticleInItsLanguage({ blog, bcp47 }: { blog: Blog; bcp47: string }) {
  const { t: tc } = useTranslation();
  const { lang, isFallback } = useWrittenIn(blog.lang);
  return (
    <>
      {isFallback && <p className="fallback-note">{tc('status.fallbackNote')}</p>}
      <div lang={lang}>
        <BlogArticle blog={blog} bcp47={bcp47} />
      </div>
    </>
  );
}

export function BlogDetail({
  blogId,
  backPath,
  blogPath,
}: {
  blogId: string;
  backPath: string;
  blogPath: (id: string) => string;
}) {
  const { t, i18n } = useTranslation('blogs');
  const { t: tc } = useTranslation();
  const blog = useBlog(blogId);
  const bcp47 = isLanguageCode(i18n.language) ? LANGUAGES[i18n.language].bcp47 : 'en';
  return (
    <div className="container blog-detail">
      <Link to={backPath} className="back-link">
        <span aria-hidden="true">←</span> {tc('actions.goBack')}
      </Link>
      <div className="blog-detail__grid">
        <article className="blog-detail__article">
          {/* An unknown or malformed id is "not found", not a failure to try again. */}
          <QueryState
            isPending={blog.isPending}
            isError={blog.isError && !isClientError(blog.error)}
            refetch={blog.refetch}
            minHeight={500}
          />
          {isClientError(blog.error) && <p>{t('notFound')}</p>}
          {blog.data && <ArticleInItsLanguage blog={blog.data} bcp47={bcp47} />}
        </article>
        <ReadNext currentId={blogId} blogPath={blogPath} />
      </div>
    </div>
  );
}
