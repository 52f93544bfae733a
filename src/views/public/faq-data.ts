import { MAX_DOCUMENTS_PER_KIND } from '../../contract/documents.ts';
import { boostLengths } from '../../contract/billing.ts';
import { YOUNGEST_APPLICANT } from '../../lib/child-labor.ts';

export interface Faq {
  id: string;
  question: string;
  /** Plain text: shown in the page and in its FAQPage structured data alike. */
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  faqs: readonly Faq[];
}

/** The questions of /faqs, grouped for job seekers and for employers. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'seekers',
    title: 'For job seekers',
    faqs: [
      {
        id: 'cost',
        question: 'Does it cost anything to look for work here?',
        answer:
          'No. Searching, saving jobs, applying and messaging employers are free for job seekers. Employers pay only to boost their job posts.',
      },
      {
        id: 'age',
        question: 'How old do I have to be?',
        answer: `At least ${YOUNGEST_APPLICANT}. Until you are 18 you can apply to the jobs whose page says they are open to applicants aged ${YOUNGEST_APPLICANT} and over; the others are for adults.`,
      },
      {
        id: 'account',
        question: 'Do I need an account to search?',
        answer:
          'No: anyone can search jobs and read them. You need a job seeker account to save jobs, apply, message employers and see jobs that match your profile.',
      },
      {
        id: 'documents',
        question: 'What files can I upload?',
        answer: `Resumes and cover letters as PDF or Word (DOCX) files of up to 5 MB, ${MAX_DOCUMENTS_PER_KIND} of each. You choose which ones go with each application.`,
      },
      {
        id: 'who-sees',
        question: 'Who sees my profile and my resume?',
        answer:
          'The staff of a company you apply to see your application and the documents you chose for it. Unless you switch off “Let employers find me”, employers with a matching job can also find your profile and invite you to apply.',
      },
      {
        id: 'location',
        question: 'Why do you ask for my location?',
        answer:
          'To show jobs near you first. You can allow your browser to share it, type a city or ZIP code instead, or skip it. The place you choose is kept in your browser.',
      },
      {
        id: 'fake',
        question: 'How do I know a job is real?',
        answer:
          'Every employer passed business verification before it could sign in. Still, never pay to apply or to be hired, and never send bank or identity documents before an offer. If a job looks wrong, use “Report this job” on its page.',
      },
      {
        id: 'status',
        question: 'How do I know where my application stands?',
        answer:
          'Your list of applied jobs shows each application’s status as the employer moves it: Applied, Reviewed, Interviewing, Offered, Hired or Rejected. If the job closes while your application is open, we mail you.',
      },
    ],
  },
  {
    id: 'employers',
    title: 'For employers',
    faqs: [
      {
        id: 'verification',
        question: 'Why must my business be verified?',
        answer:
          'So that job seekers can trust every post. You give your business’s legal name and Taxpayer Identification Number when you register, and you can sign in once they pass. A number belongs to one company only.',
      },
      {
        id: 'posting-cost',
        question: 'What does posting a job cost?',
        answer:
          'Nothing. Posting, managing applicants, messaging and metrics are free. Boosts, which show a job to more job seekers, are paid per period; their prices are on the Employers page.',
      },
      {
        id: 'recruiters',
        question: 'Can my recruiters use the same company account?',
        answer:
          'Yes. The employer invites recruiters by email; they share the company’s drafts, jobs and applicants. Only the employer manages the company details, staff and billing.',
      },
      {
        id: 'pay-range',
        question: 'Why does my job need a pay range?',
        answer:
          'Several states and districts require a pay range in every job posting for work there. When your job is in one of them (or open to remote workers there), it cannot be published without a range.',
      },
      {
        id: 'minors',
        question: 'Can I hire 16- and 17-year-olds?',
        answer:
          'Yes, for work federal law allows them. Open the job to applicants aged 16 and over in its candidate requirements; it is checked against the Hazardous Occupations Orders before it is published. The Hiring Minors page explains the rules.',
      },
      {
        id: 'boost-length',
        question: 'How long does a boost last, and how do I stop it?',
        answer: `A boost is bought for ${boostLengths.join(', ')} days and renews for the same length until you cancel it. A cancelled boost runs to the end of the period already paid; a boost ends at once, without a charge, when its job closes.`,
      },
      {
        id: 'metrics',
        question: 'What do the metrics count?',
        answer:
          'Impressions (your job shown in a list to a job seeker or visitor), views, application starts and applications, by day in your time zone. Your own staff and known bots are not counted.',
      },
    ],
  },
];

/** The questions as schema.org FAQPage structured data. */
export function faqPageJsonLd(groups: readonly FaqGroup[] = FAQ_GROUPS) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((g) =>
      g.faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
    ),
  };
}
