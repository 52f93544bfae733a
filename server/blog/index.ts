// The blog: posts kept as Markdown files in the repository (content/blog), their feed, and what the
// sitemap lists of them. What the area offers the rest of the server: nothing outside it imports its
// other files.

export { blogRoutes } from './routes.ts';
export { blogPosts, loadPosts, parsePost, BlogPostError, BLOG_DIR } from './posts.ts';
