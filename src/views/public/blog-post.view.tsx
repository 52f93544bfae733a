import { use } from 'react';
import { Link, useParams } from 'wouter';
import { blogPostBody, blogPostMeta, blogPosts } from '../../app/blog-content.ts';
import { blogPostPath, type BlogPostMeta } from '../../lib/blog.ts';
import { jsonForScript } from '../../lib/json-script.ts';
import { PRODUCT_NAME } from '../../lib/product.ts';
import NotFoundPage from '../errors/not-found.view.tsx';
import { Byline, PostCard, TagLink } from './blog-parts.tsx';
import { PublicPage } from './public-page.tsx';

/** The post's body: HTML sanitised at build, from the post's own chunk (the page waits for it). */
function PostBody({ body }: { body: Promise<string> }) {
  const html = use(body);
  return <div className="my-2" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Up to three other posts, those sharing a tag first. */
function related(post: BlogPostMeta): BlogPostMeta[] {
  const others = blogPosts.filter((p) => p.slug !== post.slug);
  const shared = (p: BlogPostMeta) => p.tags.filter((t) => post.tags.includes(t)).length;
  return [...others].sort((a, b) => shared(b) - shared(a)).slice(0, 3);
}

/** /blogs/:slug: one post, with its byline, tags, structured data and a few others to read next. */
export default function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const post = blogPostMeta(slug);
  const body = post ? blogPostBody(post.slug) : null;
  if (!post || !body) return <NotFoundPage />;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
    keywords: post.tags.join(', '),
    mainEntityOfPage: blogPostPath(post.slug),
  };
  return (
    <PublicPage head={{ path: blogPostPath(post.slug), title: post.title, description: post.summary, type: 'article' }} lead={post.summary}>
      <Byline post={post} />
      <ul className="!my-1 flex !list-none flex-wrap gap-0.5 !pl-0" aria-label="Tags">
        {post.tags.map((t) => (
          <li key={t} className="!my-0">
            <TagLink tag={t} />
          </li>
        ))}
      </ul>
      <PostBody body={body} />
      <section aria-labelledby="more-posts" className="mt-4 border-t border-line pt-2">
        <h2 id="more-posts">Read next</h2>
        {related(post).map((p) => (
          <PostCard key={p.slug} post={p} level="h3" />
        ))}
        <p>
          <Link href="/blogs">All posts</Link>
        </p>
      </section>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />
    </PublicPage>
  );
}
