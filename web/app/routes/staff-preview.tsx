// The frame of the staff console's preview (/staff/preview-frame/:itemId/:lang): a draft shown with
// the public pages' own components, composed here from the blogs and stories features, in a chunk
// of its own that neither the public pages nor the rest of the console load.
import { useParams } from 'react-router';
import { BlogArticle } from '../../features/blogs/components/blog-detail';
import { StoryArticle } from '../../features/stories/components/story-detail';
import { PreviewFrame, type PreviewRenderers } from '../../features/staff/components/preview';

/** Each kind as its public page frames it (blog-detail.tsx, story-detail.tsx), without the links to other pages. */
const renderers: PreviewRenderers = {
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

export function Frame() {
  const { itemId = '', lang = '' } = useParams();
  return <PreviewFrame itemId={itemId} lang={lang} render={renderers} />;
}
