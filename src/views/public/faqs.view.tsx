import { jsonForScript } from '../../lib/json-script.ts';
import { Link } from 'wouter';
import { publicPage } from '../../lib/public-heads.ts';
import { cx } from '../ui/cx.ts';
import { useDisclosure } from '../ui/disclosure.ts';
import { FAQ_GROUPS, faqPageJsonLd, type Faq } from './faq-data.ts';
import { PublicPage } from './public-page.tsx';

/** One question: a heading whose button shows or hides the answer (the disclosure pattern). */
function Question({ faq }: { faq: Faq }) {
  const { open, buttonProps, panelProps } = useDisclosure();
  return (
    <div className="border-b border-line">
      <h3 className="!my-0 !text-lg">
        <button
          {...buttonProps}
          // The answer stays in the page while hidden, so the button always names the panel it controls.
          aria-controls={panelProps.id}
          className="flex w-full items-center justify-between gap-1 py-1.5 text-left font-semibold hover:text-link"
        >
          <span>{faq.question}</span>
          <span aria-hidden="true" className={cx('shrink-0 transition-transform', open && 'rotate-45')}>
            +
          </span>
        </button>
      </h3>
      <div {...panelProps} hidden={!open} className="pb-1.5">
        <p className="!my-0">{faq.answer}</p>
      </div>
    </div>
  );
}

/** /faqs: questions for job seekers and employers, as disclosures, with FAQPage structured data. */
export default function FaqsPage() {
  return (
    <PublicPage
      head={publicPage('/faqs')}
      lead="Short answers to the questions job seekers and employers ask most. Choose a question to read its answer."
    >
      {FAQ_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`}>{group.title}</h2>
          {group.faqs.map((faq) => (
            <Question key={faq.id} faq={faq} />
          ))}
        </section>
      ))}
      <h2>Still have a question?</h2>
      <p>
        Write to us from the <Link href="/contact">contact page</Link>. The <Link href="/terms-of-service">Terms of Service</Link> and the{' '}
        <Link href="/privacy-policy">Privacy Policy</Link> give the details.
      </p>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(faqPageJsonLd()) }} />
    </PublicPage>
  );
}
