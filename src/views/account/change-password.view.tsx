import { Modal } from '../ui/modal.tsx';

/** The Change Password modal opened from the navigation. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Change Password">
      <p className="text-muted">Changing your password is being set up.</p>
    </Modal>
  );
}
