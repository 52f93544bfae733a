import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { BLOG_FEED_PATH } from '../../src/lib/public-site.ts';
import { blogFeed } from './feed.ts';
import { blogPosts } from './posts.ts';

/** The blog's feed, for feed readers (the posts themselves are prerendered pages of the web build). */
export function blogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(BLOG_FEED_PATH, async (_req, res) =>
    res
      .header('Cache-Control', 'public, max-age=600')
      .type('application/rss+xml; charset=utf-8')
      .send(blogFeed(blogPosts(), ctx.config.publicUrl)),
  );
}
