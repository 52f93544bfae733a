import { useEffect } from 'react';
import { blogPostMeta } from './blog-content.ts';
import { blogPostPath } from '../lib/blog.ts';
import { PRODUCT_NAME } from '../lib/product.ts';
import { publicPage } from '../lib/public-heads.ts';
import { BLOG_FEED_PATH, DEFAULT_HEAD, pageTitle, PUBLIC_PAGES, type PageHead } from '../lib/public-site.ts';

/**
 * The head of the public pages: title, description, canonical address and Open Graph tags. The
 * build writes it into each prerendered page (prerender.tsx); moving between pages in the browser,
 * `usePageHead` writes the same elements, and a page leaving puts the site's defaults back.
 */

interface HeadElement {
  name: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  text?: string;
}

const documentTitle = (head: PageHead) => (head.path === '/' ? head.title : pageTitle(head.title));

/** The head's elements, with addresses under `origin`. */
export function headElements(head: PageHead, origin: string): HeadElement[] {
  const url = `${origin}${head.path === '/' ? '/' : head.path}`;
  const title = documentTitle(head);
  const feed = head.path === '/blogs' || head.path.startsWith('/blogs/');
  return [
    { name: 'title', attrs: {}, text: title },
    { name: 'meta', attrs: { name: 'description', content: head.description } },
    { name: 'link', attrs: { rel: 'canonical', href: url } },
    { name: 'meta', attrs: { property: 'og:type', content: head.type ?? 'website' } },
    { name: 'meta', attrs: { property: 'og:site_name', content: PRODUCT_NAME } },
    { name: 'meta', attrs: { property: 'og:title', content: title } },
    { name: 'meta', attrs: { property: 'og:description', content: head.description } },
    { name: 'meta', attrs: { property: 'og:url', content: url } },
    { name: 'meta', attrs: { name: 'twitter:card', content: 'summary' } },
    ...(feed
      ? [
          {
            name: 'link' as const,
            attrs: { rel: 'alternate', type: 'application/rss+xml', title: `${PRODUCT_NAME} blog`, href: BLOG_FEED_PATH },
          },
        ]
      : []),
  ];
}

/** The head of a page the build prerenders; null for any other path. */
export function publicHeadOf(path: string): PageHead | null {
  if (path === '/') return { path, title: PRODUCT_NAME, description: DEFAULT_HEAD.description };
  if (path === '/jobs') {
    return {
      path,
      title: 'Find jobs',
      description: 'Search open jobs near you by title, skill or company, on a list or a map, and apply in a few clicks.',
    };
  }
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (page) return publicPage(page.path);
  const post = path.startsWith('/blogs/') ? blogPostMeta(path.slice('/blogs/'.length)) : null;
  return post ? { path: blogPostPath(post.slug), title: post.title, description: post.summary, type: 'article' } : null;
}

/** The element a head element replaces: the one of its kind (by name or property, or rel). */
function selectorOf(e: HeadElement): string {
  if (e.name === 'title') return 'title';
  if (e.name === 'link')
    return e.attrs.rel === 'alternate' ? 'link[rel="alternate"][type="application/rss+xml"]' : `link[rel="${e.attrs.rel}"]`;
  return e.attrs.property ? `meta[property="${e.attrs.property}"]` : `meta[name="${e.attrs.name}"]`;
}

/** Sets the page's head while the page is shown (the elements the build wrote, or new ones). */
export function usePageHead(head: PageHead) {
  const { path, title, description, type } = head;
  useEffect(() => {
    const elements = headElements({ path, title, description, type }, window.location.origin);
    document.title = elements[0]!.text!;
    for (const e of elements.slice(1)) {
      let el = document.head.querySelector(selectorOf(e));
      if (!el) {
        el = document.createElement(e.name);
        document.head.appendChild(el);
      }
      for (const [k, v] of Object.entries(e.attrs)) el.setAttribute(k, v);
    }
    return () => {
      // The next page may be one that sets no head: it gets the site's, and no address of this one.
      document.title = DEFAULT_HEAD.title;
      document.head.querySelector('meta[name="description"]')?.setAttribute('content', DEFAULT_HEAD.description);
      for (const e of elements.slice(2)) document.head.querySelector(selectorOf(e))?.remove();
    };
  }, [path, title, description, type]);
}
