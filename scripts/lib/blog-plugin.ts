// The blog's posts as modules of the web build: `virtual:blog-index` lists every post (no bodies),
// and `virtual:blog-post/<slug>` is one post's HTML, loaded only by its page. The Markdown is read,
// checked and turned into sanitised HTML here, at build, by the server's own reader: a post with a
// wrong front matter fails the build with the file and the field named, and no Markdown parser
// reaches the browser.
import path from 'node:path';
import type { Plugin } from 'vite';
import { loadPosts } from '../../server/blog/index.ts';

const INDEX = 'virtual:blog-index';
const POST = 'virtual:blog-post/';

export function blogPlugin(): Plugin {
  let dir = path.resolve('content/blog');
  const read = () => loadPosts(dir);
  return {
    name: 'blog-posts',
    configResolved(config) {
      dir = path.resolve(config.root, 'content/blog');
    },
    resolveId(id) {
      return id === INDEX || id.startsWith(POST) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const all = read();
        for (const p of all) this.addWatchFile(path.join(dir, `${p.slug}.md`));
        const posts = all.map(({ html: _html, ...meta }) => meta);
        const loaders = posts.map((p) => `  ${JSON.stringify(p.slug)}: () => import(${JSON.stringify(POST + p.slug)}),`);
        return [`export const posts = ${JSON.stringify(posts)};`, `export const postLoaders = {\n${loaders.join('\n')}\n};`].join('\n');
      }
      if (id.startsWith(`\0${POST}`)) {
        const slug = id.slice(POST.length + 1);
        this.addWatchFile(path.join(dir, `${slug}.md`));
        const post = read().find((p) => p.slug === slug);
        if (!post) throw new Error(`No blog post content/blog/${slug}.md`);
        return `export default ${JSON.stringify(post.html)};`;
      }
      return null;
    },
    configureServer(server) {
      // A post written or changed while the dev server runs: the list and the page read it again.
      server.watcher.add(dir);
      const changed = (file: string) => {
        if (!file.startsWith(dir) || !file.endsWith('.md')) return;
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith('\0virtual:blog')) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', changed).on('change', changed).on('unlink', changed);
    },
  };
}
