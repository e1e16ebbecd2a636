import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { excerpt, formatDate } from '../../../lib/text';
import { pageWithin } from '../../../lib/pagination';
import { LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import type { Blog } from '../../../../contract/public-content';
import { BLOG_PAGE_SIZE } from '../../../../contract/page-sizes';
import { useWrittenIn } from '../../../i18n/written-in';
import { useBlogs, useRecentBlogs } from '../api/blogs';
import './blogs.css';

export const BLOG_LIST_EXCERPT = 600;

function useBcp47() {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? LANGUAGES[i18n.language].bcp47 : 'en';
}

function Meta({ blog }: { blog: Blog }) {
  const { t } = useTranslation('blogs');
  const bcp47 = useBcp47();
  return (
    <p className="blog-meta">
      <span>{t('by', { author: blog.author })}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={blog.createdAt}>{formatDate(blog.createdAt, bcp47)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t('readTime', { count: blog.readTime })}</span>
    </p>
  );
}

function FeaturedBlog({ blog, blogPath }: { blog: Blog | undefined; blogPath: (id: string) => string }) {
  const { t } = useTranslation('blogs');
  const { lang } = useWrittenIn(blog?.lang ?? 'en');
  if (!blog) return null;
  return (
    <article className="blog-featured">
      <img
        className="blog-featured__image"
        src={fileUrl(blog.image)}
        alt={blog.imageAlt ?? ''}
        width="1200"
        height="800"
        fetchPriority="high"
      />
      <div className="blog-featured__text" lang={lang}>
        <p className="eyebrow blog-featured__eyebrow">{t('featured')}</p>
        <h2 className="blog-featured__title">
          <Link to={blogPath(blog.id)}>{blog.title}</Link>
        </h2>
        <Meta blog={blog} />
      </div>
    </article>
  );
}

function BlogRow({ blog, flip, blogPath }: { blog: Blog; flip: boolean; blogPath: (id: string) => string }) {
  const { t } = useTranslation('blogs');
  const { lang } = useWrittenIn(blog.lang);
  return (
    <li className={`blog-row${flip ? ' blog-row--flip' : ''}`}>
      <img
        className="blog-row__image"
        src={fileUrl(blog.image)}
        alt={blog.imageAlt ?? ''}
        width="1200"
        height="800"
        loading="lazy"
        decoding="async"
      />
      <div className="blog-row__text">
        <h3 className="blog-row__title" lang={lang}>
          <Link to={blogPath(blog.id)}>{blog.title}</Link>
        </h3>
        <Meta blog={blog} />
        <p className="blog-row__excerpt" lang={lang}>
          {excerpt(blog.description, BLOG_LIST_EXCERPT)}
        </p>
        <Link className="btn btn--ghost" to={blogPath(blog.id)} aria-label={`${t('readArticle')}: ${blog.title}`}>
          {t('readArticle')}
        </Link>
      </div>
    </li>
  );
}

/**
 * The featured article and the list of all posts, shown together once both have arrived: one
 * appearing after the other would push the page down as it loads.
 */
export function BlogIndex({
  page,
  onPage,
  blogPath,
}: {
  page: number;
  onPage: (page: number) => void;
  blogPath: (id: string) => string;
}) {
  const { t } = useTranslation('blogs');
  const recent = useRecentBlogs();
  const asked = useBlogs(page);
  const shown = pageWithin(page, BLOG_PAGE_SIZE, asked.data?.count);
  const blogs = useBlogs(shown);
  const listTop = useRef<HTMLHeadingElement>(null);
  // A page past the end waits for the last page rather than showing the empty one.
  const pending = recent.isPending || blogs.isPending || (shown !== page && blogs.isPlaceholderData);
  if (pending || blogs.isError) {
    return <QueryState isPending={pending} isError={blogs.isError} refetch={blogs.refetch} minHeight={1400} />;
  }
  return (
    <>
      <FeaturedBlog blog={recent.data?.[0]} blogPath={blogPath} />
      {/* A single post is the featured article alone: no empty list under it. */}
      {!(blogs.data?.count === 0 && shown === 1 && recent.data?.[0]) && (
        <section className="blog-list" aria-labelledby="all-posts">
          <h2 id="all-posts" className="section-title pagination-top" ref={listTop} tabIndex={-1}>
            {t('allPosts')}
          </h2>
          {blogs.data && (
            <>
              {blogs.data.rows.length === 0 && <p>{t('empty')}</p>}
              <ul className="blog-list__items">
                {blogs.data.rows.map((blog, index) => (
                  <BlogRow key={blog.id} blog={blog} flip={index % 2 === 1} blogPath={blogPath} />
                ))}
              </ul>
              <Pagination
                page={shown}
                size={BLOG_PAGE_SIZE}
                total={blogs.data.count}
                onPage={onPage}
                label={t('pages')}
                listTop={listTop}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
