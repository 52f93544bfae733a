import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { AccountMessages } from '../../contract/account.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Checkbox, SecretField, TextField } from './field.tsx';
import { Modal } from './modal.tsx';
import { ComboboxField, SelectField, type Option } from './select-field.tsx';

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

const jobTypes: Option<number>[] = [
  { value: 1, label: 'Full time' },
  { value: 2, label: 'Part time' },
  { value: 3, label: 'Contract' },
];
const schools: Option<number>[] = [
  { value: 1, label: 'Portland State University' },
  { value: 2, label: 'Oregon State University' },
  { value: 3, label: 'Reed College' },
];

function SelectsDemo({ error }: { error?: string }) {
  const [type, setType] = useState<number | null>(1);
  const [school, setSchool] = useState<Option<number | null> | null>(null);
  return (
    <div className="grid max-w-xl gap-2 sm:grid-cols-2">
      <SelectField label="Job type" value={type} onChange={setType} options={jobTypes} clearable placeholder="Any job type" />
      <ComboboxField
        label="School"
        value={school}
        onChange={setSchool}
        options={schools}
        allowTyped
        error={error}
        hint="Pick from the list or keep what you typed."
      />
    </div>
  );
}

/** A listbox for short fixed lists and a combobox for long ones (type to filter, or keep the text typed). */
export const Selects: StoryObj<typeof SelectsDemo> = {
  parameters: { docs: { story: { height: '300px' } } },
  render: (args) => <SelectsDemo {...args} />,
};
export const SelectsDark: StoryObj<typeof SelectsDemo> = { ...Selects, globals: dark };
export const SelectsInvalid: StoryObj<typeof SelectsDemo> = { ...Selects, args: { error: 'Please enter the school or university' } };
