import { lazy, Suspense, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { PROFILE_IMAGE_SIZE, ProfileImageMessages } from '../../contract/common.ts';
import {
  profileImageMachine,
  selectConfirming,
  selectImageSource,
  selectUploadingName,
  selectUploadPercent,
} from '../../machines/jobseeker/profile-image.machine.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { FileButton, UploadProgress } from '../ui/file-input.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

// The dialog (and Headless UI's Dialog with it) loads only when a removal is about to be confirmed.
const RemovePhotoDialog = lazy(() => import('./remove-photo-dialog.tsx'));

type Logic = typeof profileImageMachine;

/** What the picker offers: the image types the server takes. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** The profile photo: shown (or the initials), uploaded with progress and cancel, removed after a confirmation. */
export function ProfilePhoto({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? profileImageMachine, snapshot ? { snapshot } : {});
  const { user } = useSession();
  const id = useId();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const src = useSelector(actor, selectImageSource);
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const uploading = useSelector(actor, selectUploadingName);
  const percent = useSelector(actor, selectUploadPercent);
  const confirming = useSelector(actor, selectConfirming);
  const removing = useSelector(actor, (s) => s.matches({ ready: 'removing' }));
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const headingId = `${id}-heading`;
  const cancelRemoval = () => {
    if (!removing) actor.send({ type: 'remove.cancel' });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5 rounded border border-line p-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Profile photo
      </h2>
      {loading ? (
        <Loading label={ProfileImageMessages.loading} />
      ) : loadFailed ? (
        <LoadFailed message={ProfileImageMessages.loadFailed} onRetry={() => actor.send({ type: 'photo.retry' })} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Avatar src={src} person={user ?? {}} size="lg" labelled />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            {uploading !== null ? (
              <UploadProgress name={uploading} percent={percent} onCancel={() => actor.send({ type: 'upload.cancel' })} />
            ) : (
              <div className="flex flex-wrap gap-1">
                <FileButton
                  label="Upload photo"
                  accept={IMAGE_ACCEPT}
                  variant="primary"
                  disabled={!idle}
                  describedBy={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
                  onFiles={(files) => actor.send({ type: 'photo.choose', files })}
                />
                {src && (
                  <Button variant="secondary" disabled={!idle} onClick={() => actor.send({ type: 'photo.remove' })}>
                    Remove photo
                  </Button>
                )}
              </div>
            )}
            <p id={`${id}-hint`} className="text-sm text-muted">
              JPEG, PNG or WebP, up to 5 MB. It is shown at up to {PROFILE_IMAGE_SIZE} × {PROFILE_IMAGE_SIZE} pixels.
            </p>
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            {message && !error && (
              <p role="status" className="text-sm text-brand-700 dark:text-brand-300">
                {message}
              </p>
            )}
          </div>
        </div>
      )}
      <Suspense fallback={null}>
        {confirming && (
          <RemovePhotoDialog removing={removing} onCancel={cancelRemoval} onConfirm={() => actor.send({ type: 'remove.confirm' })} />
        )}
      </Suspense>
    </section>
  );
}
