import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useImageSource } from '../../app/image-source.tsx';
import { MAX_FEATURED_IMAGES } from '../../contract/company.ts';
import { imageTypes } from '../../contract/files.ts';
import { featuredImagesMachine, selectFull, selectPercent } from '../../machines/company/featured-images.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FilePicker, UploadProgress } from '../ui/file-picker.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { IMAGE_HINT } from './company-logo.view.tsx';

type Logic = typeof featuredImagesMachine;

// Loaded when first asked: the page shows without the dialog code.
const ConfirmDialog = lazy(() => import('../ui/confirm-dialog.tsx'));

/**
 * The company's featured images: a grid in their order. The employer adds (with progress,
 * cancellable), deletes after a confirmation, and moves them with Move up and Move down, which
 * keep the keyboard focus on the image moved.
 */
export function FeaturedImagesSection({ canEdit, logic, snapshot }: { canEdit: boolean; logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? featuredImagesMachine, snapshot ? { snapshot } : {});
  const imageSource = useImageSource();
  const images = useSelector(actor, (s) => s.context.images);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const pending = useSelector(actor, (s) => s.context.pending);
  const percent = useSelector(actor, selectPercent);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const full = useSelector(actor, selectFull);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);

  // After a move, the focus follows the image: on the same button, or the other one at an end.
  const moving = useRef<{ id: string; by: -1 | 1 } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const last = moving.current;
    if (!last || busy || !list.current) return;
    moving.current = null;
    const item = list.current.querySelector<HTMLElement>(`[data-image-id="${last.id}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`button[data-move="${last.by}"]:not(:disabled)`);
    const other = item?.querySelector<HTMLButtonElement>(`button[data-move="${-last.by}"]:not(:disabled)`);
    (same ?? other)?.focus();
  }, [images, busy]);

  const move = (id: string, by: -1 | 1) => {
    moving.current = { id, by };
    actor.send({ type: 'featured.move', id, by });
  };

  if (loading) return <Loading label="Loading the featured images…" />;
  if (loadFailed)
    return <LoadFailed message="The featured images could not be loaded." onRetry={() => actor.send({ type: 'featured.retry' })} />;

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        {images.length} of {MAX_FEATURED_IMAGES} images. They show on your company page in this order.
      </p>
      {canEdit && (
        <FilePicker
          label="Add an image"
          accept={imageTypes}
          disabled={busy || full}
          hint={
            full
              ? `You have ${MAX_FEATURED_IMAGES} images: delete one to add another.`
              : `${IMAGE_HINT} Wide pictures of your workplace and team work best.`
          }
          onFile={(file) => actor.send({ type: 'featured.choose', file })}
        />
      )}
      {uploading && <UploadProgress fileName={fileName} percent={percent} onCancel={() => actor.send({ type: 'featured.cancel' })} />}
      {error && <Alert tone="error">{error}</Alert>}
      <div aria-live="polite" className="text-sm">
        {message && !error && <Alert tone="success">{message}</Alert>}
      </div>
      {images.length === 0 ? (
        <p className="text-muted">No featured images yet.</p>
      ) : (
        <ol ref={list} className="grid gap-2 sm:grid-cols-2" aria-label="Featured images">
          {images.map((image, i) => {
            const name = `image ${i + 1} of ${images.length}`;
            return (
              <li key={image.id} data-image-id={image.id} className="flex flex-col overflow-hidden rounded border border-line bg-surface">
                <img
                  src={imageSource(image.thumbnailUrl)}
                  alt={`Featured ${name}`}
                  className="aspect-video w-full object-cover"
                  loading="lazy"
                />
                {canEdit && (
                  <div className="flex flex-wrap items-center justify-between gap-0.5 p-0.5 [&_button]:min-h-4 [&_button]:whitespace-nowrap [&_button]:px-1 [&_button]:py-0.5">
                    <div className="flex gap-0.5">
                      <Button
                        variant="ghost"
                        data-move={-1}
                        aria-label={`Move ${name} up`}
                        disabled={busy || i === 0}
                        onClick={() => move(image.id, -1)}
                      >
                        Move up
                      </Button>
                      <Button
                        variant="ghost"
                        data-move={1}
                        aria-label={`Move ${name} down`}
                        disabled={busy || i === images.length - 1}
                        onClick={() => move(image.id, 1)}
                      >
                        Move down
                      </Button>
                    </div>
                    <Button
                      variant="ghost"
                      className="text-danger"
                      aria-label={`Delete ${name}`}
                      disabled={busy}
                      onClick={() => actor.send({ type: 'featured.delete', id: image.id })}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Delete this image?"
            confirmLabel="Delete image"
            cancelLabel="Keep image"
            onConfirm={() => actor.send({ type: 'delete.confirm' })}
            onCancel={() => actor.send({ type: 'delete.cancel' })}
          >
            {pending && (
              <img
                src={imageSource(pending.thumbnailUrl)}
                alt="The image to delete"
                className="mb-1 aspect-video w-full rounded object-cover"
              />
            )}
            <p>It no longer shows on your company page. This cannot be undone.</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}
