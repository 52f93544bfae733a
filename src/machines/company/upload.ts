import { fromCallback, type EventObject } from 'xstate';
import { FileMessages, MAX_UPLOAD_BYTES, imageTypes } from '../../contract/files.ts';
import type { ApiResult } from '../../services/http.ts';
import type { UploadOptions, UploadProgress } from '../../services/transfer.ts';

/** What an upload actor tells the machine that invoked it. */
export type UploadEvent<T> =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; output: T; message: string }
  | { type: 'upload.failed'; error: unknown };

/**
 * An upload as an actor: it reports progress as it goes and its result at the end, and stopping it
 * (leaving the state that invoked it: a cancel) aborts the request.
 */
export function uploadActor<T>(send: (file: File, options: UploadOptions) => Promise<ApiResult<T>>) {
  return fromCallback<EventObject, { file: File }>(({ sendBack, input }) => {
    const controller = new AbortController();
    const report = (progress: UploadProgress) => sendBack({ type: 'upload.progress', loaded: progress.loaded, total: progress.total });
    send(input.file, { signal: controller.signal, onProgress: report }).then(
      (res) => sendBack({ type: 'upload.done', output: res.data, message: res.message }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
      },
    );
    return () => controller.abort();
  });
}

/**
 * What the page can tell of a chosen file before sending it: its declared type and its size. The
 * server decides by the bytes; this spares the user a wait for an answer known in advance.
 */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FileMessages.tooLarge;
  if (file.size === 0) return FileMessages.empty;
  if (!(imageTypes as readonly string[]).includes(file.type)) return FileMessages.imageType;
  return null;
}

/** 0 to 100, or null before the first report. */
export function percentOf(progress: { loaded: number; total: number } | null): number | null {
  if (!progress) return null;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.round((100 * progress.loaded) / progress.total));
}
