/**
 * Keeps a page out of search results while it shows: the pages a mail's one-time link opens
 * (confirming or leaving a job alert) mean nothing to anyone else. React puts the tag in the
 * document's head and takes it away with the page.
 */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
