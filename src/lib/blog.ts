import { z } from 'zod';

/**
 * The blog's posts: Markdown files under content/blog, each with a front matter block. The build
 * checks each file against these rules (server/blog/posts.ts) and ships the posts as HTML; the
 * pages page through them and filter them by tag with the helpers here.
 */

/** Posts on one page of the list. */
export const BLOG_PAGE_SIZE = 10;

/** A post's address under /blogs: the file's name without .md, lower case words and hyphens. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const isCalendarDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The front matter every post must have. */
export const blogFrontMatterSchema = z.strictObject({
  title: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  date: z
    .string({ error: 'must be a date written YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
    .refine(isCalendarDay, 'must be a real calendar day'),
  author: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  tags: z
    .array(z.string().regex(BLOG_SLUG, 'each tag must be lower case words joined by hyphens'), { error: 'must be a list of tags' })
    .min(1, 'must name at least one tag')
    .max(8, 'must name at most 8 tags'),
  summary: z
    .string({ error: 'must be text' })
    .trim()
    .min(50, 'must be at least 50 characters')
    .max(200, 'must be at most 200 characters (it is the meta description and the feed summary)'),
});
export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

/** What lists, heads, the feed and the sitemap know of a post. */
export interface BlogPostMeta extends BlogFrontMatter {
  slug: string;
  /** Minutes to read, at 220 words a minute. */
  readingMinutes: number;
}

export interface BlogPost extends BlogPostMeta {
  /** The post's body as sanitised HTML. */
  html: string;
}

export const blogPostPath = (slug: string) => `/blogs/${slug}`;

/** "pay-transparency" → "pay transparency". */
export const tagLabel = (tag: string) => tag.replace(/-/g, ' ');

/** Every tag of the posts, most used first, then alphabetical. */
export function blogTags(posts: readonly BlogPostMeta[]): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const p of posts) for (const t of p.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** Newest first; posts of one day by title. */
export const byNewest = (a: BlogPostMeta, b: BlogPostMeta) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title);

/** What the list's address asks for: ?tag=…&page=… (a page past the end or not a number reads as the nearest one). */
export function blogListQuery(search: string): { tag: string | null; page: number } {
  const params = new URLSearchParams(search);
  const tag = params.get('tag');
  const page = Number(params.get('page') ?? '1');
  return { tag: tag && BLOG_SLUG.test(tag) ? tag : null, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** One page of the list, newest first, of the posts with `tag` (all without one). */
export function blogPage<P extends BlogPostMeta>(posts: readonly P[], query: { tag: string | null; page: number }) {
  const matching = [...posts].filter((p) => !query.tag || p.tags.includes(query.tag)).sort(byNewest);
  const pages = Math.max(1, Math.ceil(matching.length / BLOG_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { posts: matching.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE), page, pages, total: matching.length };
}

/** The list's address for a tag and page (page 1 and no tag leave the query out). */
export function blogListHref(query: { tag: string | null; page: number }): string {
  const params = new URLSearchParams();
  if (query.tag) params.set('tag', query.tag);
  if (query.page > 1) params.set('page', String(query.page));
  const q = params.toString();
  return q ? `/blogs?${q}` : '/blogs';
}
