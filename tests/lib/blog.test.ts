import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, blogListHref, blogListQuery, blogPage, blogTags, type BlogPostMeta } from '../../src/lib/blog.ts';

const post = (n: number, tags: string[]): BlogPostMeta => ({
  slug: `post-${n}`,
  title: `Post ${String(n).padStart(2, '0')}`,
  date: `2026-01-${String(n).padStart(2, '0')}`,
  author: 'Job Marketplace team',
  tags,
  summary: 'A summary long enough for the rules of the front matter, fifty characters or more.',
  readingMinutes: 3,
});

// 23 posts over January: every third about interviews.
const posts = Array.from({ length: 23 }, (_, i) => post(i + 1, (i + 1) % 3 === 0 ? ['interviews', 'job-seekers'] : ['job-seekers']));

describe('the blog list', () => {
  it('pages the posts newest first, 10 a page', () => {
    expect(BLOG_PAGE_SIZE).toBe(10);
    const first = blogPage(posts, { tag: null, page: 1 });
    expect(first).toMatchObject({ page: 1, pages: 3, total: 23 });
    expect(first.posts.map((p) => p.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `post-${23 - i}`));
    const last = blogPage(posts, { tag: null, page: 3 });
    expect(last.posts.map((p) => p.slug)).toEqual(['post-3', 'post-2', 'post-1']);
  });

  it('keeps to the posts of a tag, and reads a page past the end as the last', () => {
    const tagged = blogPage(posts, { tag: 'interviews', page: 9 });
    expect(tagged).toMatchObject({ page: 1, pages: 1, total: 7 });
    expect(tagged.posts.every((p) => p.tags.includes('interviews'))).toBe(true);
    expect(blogPage(posts, { tag: 'salary', page: 1 })).toMatchObject({ posts: [], total: 0, pages: 1 });
  });

  it('reads and writes the list’s address: a tag and a page from 1, nonsense ignored', () => {
    expect(blogListQuery('?tag=interviews&page=2')).toEqual({ tag: 'interviews', page: 2 });
    expect(blogListQuery('?tag=<script>&page=-3')).toEqual({ tag: null, page: 1 });
    expect(blogListQuery('?page=2.5')).toEqual({ tag: null, page: 1 });
    expect(blogListHref({ tag: 'interviews', page: 2 })).toBe('/blogs?tag=interviews&page=2');
    expect(blogListHref({ tag: null, page: 1 })).toBe('/blogs');
  });

  it('lists the tags, most used first', () => {
    expect(blogTags(posts)).toEqual([
      { tag: 'job-seekers', count: 23 },
      { tag: 'interviews', count: 7 },
    ]);
  });
});
