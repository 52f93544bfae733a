import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS, richTextToPlain } from '../../src/contract/posting.ts';

/** Links in a job description never pass on the page's address, its opener, or its ranking. */
export const LINK_REL = 'noopener noreferrer nofollow';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Anything else (and its text, for script-like tags) goes; the contract has already refused the dangerous ones.
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }) },
};

/**
 * A description as it is stored and shown: paragraphs, line breaks, lists, bold, italic and
 * https or mailto links (with rel="noopener noreferrer nofollow"); every other tag and attribute
 * dropped. Null when nothing readable is left.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, options).trim();
  return richTextToPlain(clean) ? clean : null;
}
