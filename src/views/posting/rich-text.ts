/**
 * A job description's markup as the editor keeps it: paragraphs, bulleted and numbered lists,
 * bold, italic and links (https or mailto), nothing else. What a browser's editing or a paste
 * brings (divs, spans, styles, headings, other tags) is turned into those or dropped; the server
 * sanitises again.
 */

/** Tags kept as they are, by the name the output uses. */
const KEPT: Record<string, string> = {
  P: 'p',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  A: 'a',
  BR: 'br',
};
/** Blocks that become paragraphs. */
const AS_PARAGRAPH = new Set(['DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER']);
/** Dropped with everything inside. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'NOSCRIPT',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'BUTTON',
  'INPUT',
  'TEXTAREA',
  'SELECT',
  'FORM',
  'IMG',
  'VIDEO',
  'AUDIO',
  'CANVAS',
]);
const BLOCKS = new Set(['p', 'ul', 'ol']);

/** A link the description may hold: https or mailto only. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const h = href.trim();
  if (/^https:\/\/[^\s]+$/i.test(h)) return h;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(h)) return h;
  return null;
}

/** A link address as typed: https:// is added to a bare address, an email becomes mailto:. */
export function linkOf(typed: string): string | null {
  const t = typed.trim();
  if (!t) return null;
  if (/^[^\s@:/]+@[^\s@]+\.[^\s@]+$/.test(t)) return `mailto:${t}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(t)) return safeHref(t);
  return safeHref(`https://${t}`);
}

function cleanChildren(from: Node, into: Node, doc: Document, inList: boolean) {
  for (const child of [...from.childNodes]) cleanNode(child, into, doc, inList);
}

function cleanNode(node: Node, into: Node, doc: Document, inList: boolean) {
  if (node.nodeType === 3) {
    into.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== 1) return;
  const el = node as Element;
  const tag = el.tagName.toUpperCase();
  if (DROPPED.has(tag)) return;
  let name = KEPT[tag] ?? (AS_PARAGRAPH.has(tag) ? 'p' : null);
  // A paragraph inside a list item is the item's text.
  if (name === 'p' && inList) name = null;
  // A list item outside a list is a paragraph.
  if (name === 'li' && !(into.nodeType === 1 && ['UL', 'OL'].includes((into as Element).tagName.toUpperCase()))) name = 'p';
  if (name === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (!href) name = null;
    else {
      const a = doc.createElement('a');
      a.setAttribute('href', href);
      cleanChildren(el, a, doc, inList);
      into.appendChild(a);
      return;
    }
  }
  if (!name) {
    cleanChildren(el, into, doc, inList);
    return;
  }
  const out = doc.createElement(name);
  if (name !== 'br') cleanChildren(el, out, doc, inList || name === 'li');
  into.appendChild(out);
}

const isBlank = (el: Element) => (el.textContent ?? '').trim() === '' && !el.querySelector('li');

/** The description's markup, kept to what it may hold, with loose text in paragraphs. */
export function cleanRichText(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const cleaned = doc.createElement('div');
  cleanChildren(doc.body, cleaned, doc, false);

  // Loose inline content goes into paragraphs; a <br> between loose pieces starts a new one.
  const out = doc.createElement('div');
  let paragraph: Element | null = null;
  for (const child of [...cleaned.childNodes]) {
    const block = child.nodeType === 1 && BLOCKS.has((child as Element).tagName.toLowerCase());
    if (block) {
      paragraph = null;
      out.appendChild(child);
      continue;
    }
    if (child.nodeType === 1 && (child as Element).tagName === 'BR' && paragraph) {
      paragraph = null;
      continue;
    }
    if (child.nodeType === 3 && !(child.textContent ?? '').trim() && !paragraph) continue;
    paragraph ??= out.appendChild(doc.createElement('p'));
    paragraph.appendChild(child);
  }
  // A browser ends a line being typed with a <br> of its own.
  for (const br of [...out.querySelectorAll('p > br:last-child, li > br:last-child')]) br.remove();
  for (const el of [...out.children]) if (isBlank(el)) el.remove();
  return out.innerHTML;
}
