import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { posts } from 'virtual:blog-index';
import { byNewest } from '../../src/lib/blog.ts';
import { renderApp } from '../support/client/app-harness.tsx';

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('the blog', () => {
  it('lists every post newest first, each with its byline, summary and tags', async () => {
    renderApp({ path: '/blogs' });
    await h1('Blogs');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([...posts].sort(byNewest).map((p) => p.title));
    const first = [...posts].sort(byNewest)[0]!;
    const card = screen.getByRole('article', { name: first.title });
    expect(within(card).getByRole('link', { name: first.title })).toHaveAttribute('href', `/blogs/${first.slug}`);
    expect(card).toHaveTextContent(first.summary);
    expect(card).toHaveTextContent(`By ${first.author}`);
    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blogs/rss.xml');
  });

  it('filters the list by a tag, marks the tag chosen, and goes back to all posts', async () => {
    const user = userEvent.setup();
    const { location } = renderApp({ path: '/blogs' });
    await h1('Blogs');
    const topics = screen.getByRole('navigation', { name: 'Topics' });
    await user.click(within(topics).getByRole('link', { name: 'teens' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/blogs?tag=teens'));
    const tagged = posts.filter((p) => p.tags.includes('teens'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(tagged.map((p) => p.title));
    expect(within(topics).getByRole('link', { name: 'teens' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(`${tagged.length} ${tagged.length === 1 ? 'post' : 'posts'} about teens`)).toBeInTheDocument();
    await user.click(within(topics).getByRole('link', { name: 'All posts' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(posts.length));
  });

  it('shows a post with its body, byline, tags, structured data and posts to read next', async () => {
    renderApp({ path: '/blogs/your-first-resume' });
    const post = posts.find((p) => p.slug === 'your-first-resume')!;
    await h1(post.title);
    // The body comes from the post's own chunk.
    expect(await screen.findByRole('heading', { level: 2, name: 'Keep it to one page' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getAllByText(`By ${post.author}`, { exact: false })[0]).toHaveTextContent(`${post.readingMinutes} min read`);
    expect(screen.getAllByRole('list', { name: 'Tags' })[0]).toHaveTextContent('resumes');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Build Your Resume' })).toHaveAttribute('href', '/build-your-resume');
    const readNext = screen.getByRole('region', { name: 'Read next' });
    expect(within(readNext).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    await waitFor(() => expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article'));
    const data = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent!) as Record<string, unknown>,
    );
    expect(data).toContainEqual(expect.objectContaining({ '@type': 'BlogPosting', headline: post.title, datePublished: post.date }));
  });

  it('answers a post that does not exist with the not-found page', async () => {
    renderApp({ path: '/blogs/no-such-post' });
    expect(await screen.findByRole('heading', { level: 1, name: '404' }, { timeout: 3000 })).toBeInTheDocument();
  });
});
