import { Modal } from '../ui/modal.tsx';
import { TitleForm } from './title-form.tsx';

/** "New job post": the title its draft starts with. Loaded when first asked. */
export default function NewPostDialog(props: Omit<Parameters<typeof TitleForm>[0], 'onCancel'> & { onClose: () => void }) {
  const { onClose, ...form } = props;
  return (
    <Modal open onClose={() => !form.busy && onClose()} title="New job post">
      <TitleForm {...form} onCancel={onClose} />
    </Modal>
  );
}
