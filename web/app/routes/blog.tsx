import { useParams } from 'react-router';
import { BlogDetail } from '../../features/blogs/components/blog-detail';
import { paths } from '../paths';

export function Component() {
  const { blogId = '' } = useParams();
  return <BlogDetail key={blogId} blogId={blogId} backPath={paths.blogs()} blogPath={paths.blog} />;
}
