import { Link } from 'wouter';
import { blogListHref, blogPostPath, tagLabel, type BlogPostMeta } from '../../lib/blog.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { cx } from '../ui/cx.ts';

/** "By Jordan Lee · 03-14-2026 · 5 min read". */
export function Byline({ post }: { post: BlogPostMeta }) {
  return (
    <p className="!my-0 text-sm text-muted">
      By {post.author} · <time dateTime={post.date}>{formatDisplayDate(post.date)}</time> · {post.readingMinutes} min read
    </p>
  );
}

const chipClass = 'inline-block rounded-full border px-1 py-0.5 text-sm !no-underline';

/** A tag as a link to the list of its posts; the chosen one is marked as the current page. */
export function TagLink({ tag, current = false }: { tag: string; current?: boolean }) {
  return (
    <Link
      href={blogListHref({ tag, page: 1 })}
      aria-current={current ? 'page' : undefined}
      className={cx(
        chipClass,
        current ? 'border-brand-700 bg-brand-700 text-white' : 'border-line text-ink hover:bg-black/5 dark:hover:bg-white/10',
      )}
    >
      {tagLabel(tag)}
    </Link>
  );
}

/** A post in a list: its title (a link), byline, summary and tags. */
export function PostCard({ post, level = 'h2' }: { post: BlogPostMeta; level?: 'h2' | 'h3' }) {
  const Heading = level;
  return (
    <article className="border-b border-line py-2" aria-labelledby={`post-${post.slug}`}>
      <Heading id={`post-${post.slug}`} className="!mt-0 !mb-0.5 text-xl font-bold">
        <Link href={blogPostPath(post.slug)}>{post.title}</Link>
      </Heading>
      <Byline post={post} />
      <p className="!my-1">{post.summary}</p>
      <ul className="!my-0 flex !list-none flex-wrap gap-0.5 !pl-0" aria-label="Tags">
        {post.tags.map((t) => (
          <li key={t} className="!my-0">
            <TagLink tag={t} />
          </li>
        ))}
      </ul>
    </article>
  );
}
