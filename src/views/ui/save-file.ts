/** How long a saved file's object URL lives: long enough for every browser to start the download. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a fetched file to the browser's download, under `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
