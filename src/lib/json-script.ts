/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` are written as \u escapes, so
 * no "</script>" or "<!--" in the data can end or change the element, and the line separators
 * JavaScript once refused are escaped too. JSON.parse reads it back unchanged. Structured data of
 * the pages the server writes (a job's) and of those React renders (FAQs, blog posts).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The element a page rendered by the server carries its data in (src/app/page-data.tsx). */
export const PAGE_DATA_ID = 'page-data';

/** The page's data as a JSON block: not run as a script, so the page's content policy need not allow it. */
export const pageDataScript = (data: unknown) => `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
