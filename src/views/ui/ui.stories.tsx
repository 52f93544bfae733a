import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { AccountMessages } from '../../contract/account.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Checkbox, SecretField, TextField } from './field.tsx';
import { Modal } from './modal.tsx';

const meta = {
  title: 'UI/Primitives',
  parameters: { layout: 'padded', docs: { story: { height: '220px' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

export const Buttons: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-1">
      <Button>Primary</Button>
      <Button variant="secondary">Secondary</Button>
      <Button variant="ghost">Ghost</Button>
      <Button variant="danger">Delete</Button>
      <Button disabled>Disabled</Button>
    </div>
  ),
};

export const ButtonsDark: Story = { ...Buttons, globals: dark };

/** While a request is in flight the button shows a spinner and cannot be pressed again. */
export const ButtonBusy: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-1">
      <Button busy>Sign In</Button>
      <Button variant="secondary" busy>
        Send OTP
      </Button>
      <Button busy fullWidth>
        Create Account
      </Button>
    </div>
  ),
};

export const ButtonBusyDark: Story = { ...ButtonBusy, globals: dark };

export const TextFields: Story = {
  render: () => (
    <div className="flex max-w-md flex-col gap-2">
      <TextField label="Email" type="email" defaultValue="maria.lopez@example.com" autoComplete="email" />
      <TextField label="First name" hint="As it appears on your documents." />
      <TextField label="Email" type="email" defaultValue="maria.lopez@" error={AccountMessages.email} aria-required />
    </div>
  ),
};

export const TextFieldsDark: Story = { ...TextFields, globals: dark };

/** Passwords and masked EIN/TIN/SSN: the toggle shows or hides the value. */
export const SecretFields: Story = {
  render: () => (
    <div className="flex max-w-md flex-col gap-2">
      <SecretField label="Password" what="password" defaultValue="correct horse battery" autoComplete="current-password" />
      <SecretField label="EIN/TIN/SSN" what="EIN/TIN/SSN" defaultValue="12-34" error={AccountMessages.businessTin} />
    </div>
  ),
};

export const SecretFieldsDark: Story = { ...SecretFields, globals: dark };

export const Checkboxes: Story = {
  render: () => (
    <div className="flex max-w-md flex-col gap-2">
      <Checkbox label="Remember Me" defaultChecked />
      <Checkbox label="I accept the Terms of Service" error={AccountMessages.terms} />
    </div>
  ),
};

export const CheckboxesDark: Story = { ...Checkboxes, globals: dark };

export const Alerts: Story = {
  render: () => (
    <div className="flex max-w-md flex-col gap-1">
      <Alert tone="info">{AccountMessages.resetSent}</Alert>
      <Alert tone="success">{AccountMessages.businessVerified}</Alert>
      <Alert tone="error">{AccountMessages.generic}</Alert>
    </div>
  ),
};

export const AlertsDark: Story = { ...Alerts, globals: dark };

function ModalDemo({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        title="Change Password"
      >
        <p className="text-muted">A dialog keeps focus inside until it is closed with its button or Escape.</p>
      </Modal>
    </>
  );
}

export const ModalOpen: StoryObj<typeof ModalDemo> = {
  args: { onClose: fn() },
  parameters: { docs: { story: { height: '360px' } } },
  render: (args) => <ModalDemo {...args} />,
};

export const ModalOpenDark: StoryObj<typeof ModalDemo> = { ...ModalOpen, globals: dark };
