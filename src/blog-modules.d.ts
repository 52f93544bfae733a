// The blog's posts as the web build makes them (scripts/lib/blog-plugin.ts).
declare module 'virtual:blog-index' {
  import type { BlogPostMeta } from './lib/blog.ts';
  /** Every post, newest first, without its body. */
  export const posts: BlogPostMeta[];
  /** Each post's HTML, as a chunk of its own. */
  export const postLoaders: Record<string, () => Promise<{ default: string }>>;
}
