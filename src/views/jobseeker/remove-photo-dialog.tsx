import { ProfileImageMessages } from '../../contract/common.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/** The confirmation before the profile photo is removed; loaded when it is about to open. */
export default function RemovePhotoDialog({
  removing,
  onConfirm,
  onCancel,
}: {
  removing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open onClose={onCancel} title="Remove your photo?">
      <p>{ProfileImageMessages.confirmRemove}</p>
      <div className="mt-2 flex justify-end gap-1">
        <Button variant="secondary" onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button variant="danger" busy={removing} onClick={onConfirm}>
          Remove photo
        </Button>
      </div>
    </Modal>
  );
}
