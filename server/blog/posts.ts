import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { BLOG_SLUG, blogFrontMatterSchema, byNewest, type BlogPost } from '../../src/lib/blog.ts';

/**
 * The blog's posts, read from Markdown files with a front matter block. The web build reads them
 * through here (vite.config.ts), so a post whose front matter is wrong fails the build with the
 * file and the field named, instead of showing a broken page; the server reads them for the feed
 * and the sitemap.
 */

/** content/blog at the root of the repository. */
export const BLOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/blog');

/** A post that cannot be published as it is: the file, the field, and what is wrong. */
export class BlogPostError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    problem: string,
  ) {
    super(`${file}: ${field} ${problem}`);
    this.name = 'BlogPostError';
  }
}

/** Links in a post never pass on the page's opener; external ones are marked as such. */
const EXTERNAL_REL = 'noopener noreferrer';

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel'], th: ['align'], td: ['align'] },
  // https and mail links, and paths inside the site.
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const attrs: sanitizeHtml.Attributes = /^(https:|mailto:)/i.test(href) ? { href, rel: EXTERNAL_REL } : { href };
      return { tagName, attribs: attrs };
    },
  },
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** One post from its file's name (for messages and the slug) and text. */
export function parsePost(fileName: string, text: string): BlogPost {
  const file = `content/blog/${path.basename(fileName)}`;
  const slug = path.basename(fileName).replace(/\.md$/, '');
  if (!BLOG_SLUG.test(slug)) throw new BlogPostError(file, 'file name', 'must be lower case words joined by hyphens, ending in .md');

  const block = FRONT_MATTER.exec(text);
  if (!block) throw new BlogPostError(file, 'front matter', 'is missing: the file must start with a block between two --- lines');
  let data: unknown;
  try {
    data = parseYaml(block[1]!);
  } catch (err) {
    throw new BlogPostError(file, 'front matter', `is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new BlogPostError(file, 'front matter', 'must be a set of fields (title, date, author, tags, summary)');
  }
  const parsed = blogFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? `field "${issue.keys[0]}"` : `field "${issue.path.join('.') || '?'}"`;
    const problem =
      issue.code === 'unrecognized_keys'
        ? 'is not one the blog knows (title, date, author, tags, summary)'
        : (data as Record<string, unknown>)[String(issue.path[0])] === undefined
          ? 'is missing'
          : issue.message;
    throw new BlogPostError(file, field, problem);
  }

  const body = text.slice(block[0].length);
  if (/^#\s/m.test(body.replace(/```[\s\S]*?```/g, ''))) {
    throw new BlogPostError(
      file,
      'body',
      'must not have a level-1 heading (# …): the title is the page’s heading, so sections start at ##',
    );
  }
  const html = sanitizeHtml(marked.parse(body, { async: false, gfm: true }), sanitizeOptions).trim();
  if (!html) throw new BlogPostError(file, 'body', 'is empty');
  const words = body.split(/\s+/).filter(Boolean).length;
  return { slug, ...parsed.data, readingMinutes: Math.max(1, Math.ceil(words / 220)), html };
}

/** Every post in `dir`, newest first; throws the first file's error. */
export function loadPosts(dir = BLOG_DIR): BlogPost[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parsePost(name, fs.readFileSync(path.join(dir, name), 'utf8')))
    .sort(byNewest);
}

let cached: BlogPost[] | null = null;
/** The repository's posts, read once per process. */
export function blogPosts(): BlogPost[] {
  cached ??= loadPosts();
  return cached;
}
