import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useImageSource } from '../../app/image-source.tsx';
import type { CompanyImage } from '../../contract/company.ts';
import { imageTypes } from '../../contract/files.ts';
import { companyLogoMachine, selectPercent } from '../../machines/company/company-logo.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FilePicker, UploadProgress } from '../ui/file-picker.tsx';

type Logic = typeof companyLogoMachine;

// Loaded when first asked: the page shows without the dialog code.
const ConfirmDialog = lazy(() => import('../ui/confirm-dialog.tsx'));

export const IMAGE_HINT = 'JPEG, PNG or WebP, up to 5 MB.';

/** The logo as seekers see it, or a placeholder. */
export function LogoPreview({ logo, name }: { logo: CompanyImage | null; name: string }) {
  const imageSource = useImageSource();
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-raised">
      {logo ? (
        <img src={imageSource(logo.url)} alt={`${name} logo`} className="size-full object-contain" />
      ) : (
        <span className="px-1 text-center text-sm text-muted">No logo yet</span>
      )}
    </div>
  );
}

/** The company logo: its preview; for the employer, upload (with progress, cancellable) and remove. */
export function CompanyLogoSection({
  logo,
  companyName,
  canEdit,
  logic,
  snapshot,
}: {
  logo: CompanyImage | null;
  companyName: string;
  canEdit: boolean;
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}) {
  const actor = useActorRef(logic ?? companyLogoMachine, snapshot ? { snapshot, input: { logo } } : { input: { logo } });
  const current = useSelector(actor, (s) => s.context.logo);
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemove'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  const percent = useSelector(actor, selectPercent);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <LogoPreview logo={current} name={companyName} />
        {canEdit && (
          <div className="flex flex-col gap-1">
            <FilePicker
              label={current ? 'Replace logo' : 'Upload logo'}
              accept={imageTypes}
              hint={`${IMAGE_HINT} Shown square, up to 512 pixels.`}
              disabled={uploading || removing}
              onFile={(file) => actor.send({ type: 'logo.choose', file })}
            />
            {current && (
              <Button
                variant="ghost"
                className="w-fit"
                disabled={uploading || removing}
                busy={removing}
                onClick={() => actor.send({ type: 'logo.remove' })}
              >
                Remove logo
              </Button>
            )}
          </div>
        )}
      </div>
      {uploading && <UploadProgress fileName={fileName} percent={percent} onCancel={() => actor.send({ type: 'logo.cancel' })} />}
      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && <Alert tone="success">{message}</Alert>}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Remove the company logo?"
            confirmLabel="Remove logo"
            cancelLabel="Keep logo"
            onConfirm={() => actor.send({ type: 'remove.confirm' })}
            onCancel={() => actor.send({ type: 'remove.cancel' })}
          >
            <p>Job seekers will see your company without a logo until you upload a new one.</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}
