import { postLoaders, posts } from 'virtual:blog-index';
import type { BlogPostMeta } from '../lib/blog.ts';

/** Every post of the blog, newest first, without bodies (the build's list of content/blog). */
export const blogPosts: readonly BlogPostMeta[] = posts;

export const blogPostMeta = (slug: string): BlogPostMeta | null => posts.find((p) => p.slug === slug) ?? null;

const bodies = new Map<string, Promise<string>>();

/**
 * A post's HTML, sanitised at build, from its own chunk; one promise per post for the page's whole
 * life, so React can suspend on it while the chunk downloads. Null for a slug that is no post.
 */
export function blogPostBody(slug: string): Promise<string> | null {
  const load = Object.hasOwn(postLoaders, slug) ? postLoaders[slug] : undefined;
  if (!load) return null;
  let body = bodies.get(slug);
  if (!body) {
    body = load().then((m) => m.default);
    bodies.set(slug, body);
  }
  return body;
}
