import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { CONTACT_HONEYPOT_FIELD, MAX_CONTACT_MESSAGE, MAX_CONTACT_NAME, MAX_CONTACT_SUBJECT } from '../../contract/contact.ts';
import { publicPage } from '../../lib/public-heads.ts';
import {
  contactMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectThanks,
  selectValues,
} from '../../machines/public/contact.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { TextAreaField } from '../ui/text-area.tsx';
import { SupportEmail } from './legal.tsx';
import { PublicPage } from './public-page.tsx';

export interface ContactPageProps {
  /** The machine with its call provided (stories and tests stub it). */
  logic?: typeof contactMachine;
  /** Starts the form in a given state (stories). */
  snapshot?: SnapshotFrom<typeof contactMachine>;
}

/**
 * The field people never see: off screen, out of the tab order and hidden from assistive
 * technology, so only a bot that fills every input it finds puts something in it.
 */
function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input
        id={id}
        type="text"
        name={CONTACT_HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** /contact: the ConnectWithUs form, then the team's thanks. */
export default function ContactPage({ logic, snapshot }: ContactPageProps) {
  const actor = useActorRef(logic ?? contactMachine, snapshot ? { snapshot } : {});
  const values = useSelector(actor, selectValues);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const thanks = useSelector(actor, selectThanks);
  const bind = fieldBinder(actor.send, values, fieldErrors);

  return (
    <PublicPage
      head={publicPage('/contact')}
      lead="Questions about your account, a job post, business verification or billing, an idea, or a problem to report: write to us and we will reply by email."
    >
      <p>
        Many answers are already in the <Link href="/faqs">FAQs</Link>. To report a job post that looks fake, use “Report this job” on the
        job’s page: it goes straight to the team that reviews reports.
      </p>

      <section aria-labelledby="contact-form-title" className="not-prose mt-3 rounded border border-line bg-surface-raised p-2 md:p-3">
        <h2 id="contact-form-title" className="!mt-0 text-xl font-bold">
          Send us a message
        </h2>
        {thanks !== null ? (
          <div className="mt-2 flex flex-col items-start gap-2">
            <Alert tone="success">{thanks}</Alert>
            <Button variant="secondary" onClick={() => actor.send({ type: 'form.again' })}>
              Write another message
            </Button>
          </div>
        ) : (
          <form
            noValidate
            aria-labelledby="contact-form-title"
            className="relative mt-2 flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'form.submit' });
            }}
          >
            <div className="grid gap-2 md:grid-cols-2">
              <TextField label="Your name" autoComplete="name" required maxLength={MAX_CONTACT_NAME + 50} {...bind('name')} />
              <TextField label="Your email" type="email" autoComplete="email" required {...bind('email')} />
            </div>
            <TextField label="Subject (optional)" maxLength={MAX_CONTACT_SUBJECT + 50} {...bind('subject')} />
            <TextAreaField label="Message" required rows={8} maxChars={MAX_CONTACT_MESSAGE} {...bind('message')} />
            <Honeypot
              value={values[CONTACT_HONEYPOT_FIELD]}
              onChange={(value) => actor.send({ type: 'field.change', field: CONTACT_HONEYPOT_FIELD, value })}
            />
            {error && <Alert tone="error">{error}</Alert>}
            <p className="text-sm text-muted">We use your name and email only to answer you.</p>
            <div>
              <Button type="submit" busy={busy} disabled={!canSubmit}>
                Send message
              </Button>
            </div>
          </form>
        )}
      </section>

      <h2>Other ways to reach us</h2>
      <p>
        Email: <SupportEmail />. How we handle what you send us is in the <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
    </PublicPage>
  );
}
