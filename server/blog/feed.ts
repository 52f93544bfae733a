import { PRODUCT_NAME } from '../../src/lib/product.ts';
import { publicPage } from '../../src/lib/public-heads.ts';
import { BLOG_FEED_PATH } from '../../src/lib/public-site.ts';
import { blogPostPath, type BlogPostMeta } from '../../src/lib/blog.ts';

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A post's day as RFC 822 wants it, at noon UTC so every zone reads the same day. */
const rfc822 = (day: string) => new Date(`${day}T12:00:00Z`).toUTCString();

/** /blogs/rss.xml: RSS 2.0, every post newest first, with its summary, tags and author. */
export function blogFeed(posts: readonly BlogPostMeta[], publicUrl: string): string {
  const blog = publicPage('/blogs');
  const items = posts.map((p) => {
    const url = `${publicUrl}${blogPostPath(p.slug)}`;
    return [
      '    <item>',
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${xmlEscape(url)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(url)}</guid>`,
      `      <pubDate>${rfc822(p.date)}</pubDate>`,
      `      <dc:creator>${xmlEscape(p.author)}</dc:creator>`,
      ...p.tags.map((t) => `      <category>${xmlEscape(t)}</category>`),
      `      <description>${xmlEscape(p.summary)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlEscape(`${PRODUCT_NAME} blog`)}</title>`,
    `    <link>${xmlEscape(`${publicUrl}/blogs`)}</link>`,
    `    <atom:link href="${xmlEscape(`${publicUrl}${BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${xmlEscape(blog.description)}</description>`,
    '    <language>en-us</language>',
    ...(posts[0] ? [`    <lastBuildDate>${rfc822(posts[0].date)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
