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
