import { Link, useSearch } from 'wouter';
import { blogPosts } from '../../app/blog-content.ts';
import { blogListHref, blogListQuery, blogPage, blogTags, tagLabel } from '../../lib/blog.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { BLOG_FEED_PATH } from '../../lib/public-site.ts';
import { PostCard, TagLink } from './blog-parts.tsx';
import { PublicPage } from './public-page.tsx';

/** /blogs: the posts, newest first, 10 a page, filtered by a tag (?tag=…&page=…, plain links). */
export default function BlogListPage() {
  const query = blogListQuery(useSearch());
  const { posts, page, pages, total } = blogPage(blogPosts, query);
  const tags = blogTags(blogPosts);
  return (
    <PublicPage
      head={publicPage('/blogs')}
      lead="Practical, sourced articles for job seekers and employers: resumes, interviews, pay, first jobs and staying safe."
    >
      <nav aria-label="Topics" className="!my-2">
        <ul className="flex !list-none flex-wrap gap-0.5 !pl-0">
          <li className="!my-0">
            <Link
              href="/blogs"
              aria-current={query.tag === null ? 'page' : undefined}
              className={
                query.tag === null
                  ? 'inline-block rounded-full border border-brand-700 bg-brand-700 px-1 py-0.5 text-sm text-white !no-underline'
                  : 'inline-block rounded-full border border-line px-1 py-0.5 text-sm text-ink !no-underline hover:bg-black/5 dark:hover:bg-white/10'
              }
            >
              All posts
            </Link>
          </li>
          {tags.map(({ tag }) => (
            <li key={tag} className="!my-0">
              <TagLink tag={tag} current={tag === query.tag} />
            </li>
          ))}
        </ul>
      </nav>

      <p className="text-sm text-muted" aria-live="polite">
        {query.tag
          ? `${total} ${total === 1 ? 'post' : 'posts'} about ${tagLabel(query.tag)}`
          : `${total} ${total === 1 ? 'post' : 'posts'}`}
        {pages > 1 ? `, page ${page} of ${pages}` : ''}
      </p>
      {posts.map((post) => (
        <PostCard key={post.slug} post={post} />
      ))}
      {total === 0 && <p>No posts about {tagLabel(query.tag ?? '')} yet.</p>}

      {pages > 1 && (
        <nav aria-label="Pages of posts" className="!my-2 flex items-center justify-between gap-1">
          {page > 1 ? <Link href={blogListHref({ tag: query.tag, page: page - 1 })}>Newer posts</Link> : <span />}
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? <Link href={blogListHref({ tag: query.tag, page: page + 1 })}>Older posts</Link> : <span />}
        </nav>
      )}
      <p className="text-sm">
        Follow the blog in a feed reader: <a href={BLOG_FEED_PATH}>RSS feed</a>.
      </p>
    </PublicPage>
  );
}
