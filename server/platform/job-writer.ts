import type { AiConfig } from '../config.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { escapeHtml } from './html.ts';

/**
 * What a job writer is told about a job: the draft's own fields, with lookup ids already turned
 * into their names. Nothing the author wrote in the description goes in; the writer offers a text
 * of its own beside it.
 */
export interface JobFacts {
  companyName: string;
  title: string;
  /** Full-time, Contract… */
  jobTypes: string[];
  numberOfHires: number;
  locationType: 'onsite' | 'remote' | 'hybrid' | null;
  /** "Vancouver, WA" for on-site and hybrid work. */
  place: string | null;
  /** State names a remote job is open to; empty for anywhere in the United States. */
  remoteStates: string[];
  /** YYYY-MM-DD. */
  startJobDate: string | null;
  requiresWorkAuthorization: boolean;
  offersRelocation: boolean;
  requiresResume: boolean;
  requiresCoverLetter: boolean;
  workSchedule: 'Full time' | 'Part time' | null;
  hoursPerWeek: number;
  /** Months; null for an ongoing job. */
  durationMonths: number | null;
  schedules: string[];
  pay: {
    minimum: number;
    maximum: number;
    /** Range, Exact, Starting or Maximum. */
    shownAs: string;
    /** Hourly, Yearly…; null when not given. */
    rate: string | null;
    competitive: boolean;
  };
  benefits: string[];
  supplementalPay: string[];
  industries: string[];
  skills: string[];
  tags: string[];
  fieldsOfStudy: string[];
  /** A degree's name, e.g. "Bachelor's degree". */
  minimumEducation: string | null;
  minimumGPA: number | null;
  minExperience: number | null;
  maxExperience: number | null;
  openToMinors: boolean;
}

/**
 * Writes a job description (rich text: paragraphs, lists, bold, italic) from a job's facts. The
 * embedded default is a template; an OpenAI-compatible model takes its place when AI_API_URL is
 * set. The caller sanitises what comes back, whichever writer wrote it.
 */
export interface JobWriter {
  readonly name: string;
  write(facts: JobFacts, options?: { signal?: AbortSignal }): Promise<string>;
}

export class JobWriterError extends Error {
  override name = 'JobWriterError';
}

/** The sections every written description has, in order. */
export const JOB_WRITER_SECTIONS = ['About the role', 'Schedule', 'Pay and benefits', 'Requirements'] as const;

/** "a", "b and c", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const PER: Record<string, string> = { Hourly: 'an hour', Daily: 'a day', Weekly: 'a week', Monthly: 'a month', Yearly: 'a year' };

/** The pay as a job board shows it: "$18.50 – $22.00 an hour", "From $52,000 a year"; null when none is given. */
export function payLine(pay: JobFacts['pay']): string | null {
  const per = pay.rate ? ` ${PER[pay.rate] ?? ''}`.trimEnd() : '';
  const { minimum: min, maximum: max } = pay;
  let amount: string | null = null;
  if (pay.shownAs === 'Exact' && (min > 0 || max > 0)) amount = formatMoney(min > 0 ? min : max);
  else if (pay.shownAs === 'Starting' && min > 0) amount = `From ${formatMoney(min)}`;
  else if (pay.shownAs === 'Maximum' && max > 0) amount = `Up to ${formatMoney(max)}`;
  else if (min > 0 && max > 0) amount = min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;
  else if (min > 0) amount = `From ${formatMoney(min)}`;
  else if (max > 0) amount = `Up to ${formatMoney(max)}`;
  if (amount) return `${amount}${per}${pay.competitive ? ', competitive for the role' : ''}`;
  return pay.competitive ? 'Competitive pay' : null;
}

function experienceLine(min: number | null, max: number | null): string | null {
  const years = (n: number) => `${n} year${n === 1 ? '' : 's'}`;
  if (min && max && max > min) return `${min} to ${years(max)} of experience`;
  if (min) return `At least ${years(min)} of experience`;
  if (max) return `Up to ${years(max)} of experience`;
  return null;
}

function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}-${d}-${y}`;
}

/** The embedded writer: the four sections, each sentence made of the job's own facts. */
export function writeFromTemplate(f: JobFacts): string {
  const e = escapeHtml;
  const section = (title: string, body: string) => `<p><strong>${e(title)}</strong></p>${body}`;
  const bullets = (items: Array<string | null | false>) => {
    const kept = items.filter((i): i is string => !!i);
    return kept.length ? `<ul>${kept.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : '';
  };

  // About the role
  const who = f.numberOfHires > 1 ? `${f.numberOfHires} people as ${f.title}` : `a ${f.title}`;
  const kinds = f.jobTypes.length ? ` (${listed(f.jobTypes.map((t) => t.toLowerCase()))})` : '';
  let where = '';
  if (f.locationType === 'remote')
    where = f.remoteStates.length
      ? `, working remotely from ${listed(f.remoteStates)}`
      : ', working remotely from anywhere in the United States';
  else if (f.locationType === 'hybrid')
    where = f.place ? `, working partly from home and partly in ${f.place}` : ', working partly from home';
  else if (f.place) where = ` in ${f.place}`;
  const about = [
    `${f.companyName} is hiring ${who}${kinds}${where}.`,
    f.industries.length ? `The role is in ${listed(f.industries)}.` : '',
    f.startJobDate ? `The job starts on ${usDate(f.startJobDate)}.` : '',
    f.offersRelocation ? 'Help with relocation is offered.' : '',
  ]
    .filter(Boolean)
    .join(' ');

  // Schedule
  const hours = `${f.hoursPerWeek} hours a week`;
  const schedule = bullets([
    f.workSchedule ? `${f.workSchedule}, ${hours}` : hours,
    f.durationMonths ? `For ${f.durationMonths} month${f.durationMonths === 1 ? '' : 's'}` : 'Ongoing',
    f.schedules.length ? `Shifts: ${listed(f.schedules)}` : null,
  ]);

  // Pay and benefits
  const money = bullets([
    payLine(f.pay),
    f.supplementalPay.length ? `Supplemental pay: ${listed(f.supplementalPay.map((s) => s.toLowerCase()))}` : null,
    f.benefits.length ? `Benefits: ${listed(f.benefits)}` : null,
  ]);

  // Requirements
  const requirements = bullets([
    f.minimumEducation ? `${f.minimumEducation} or higher` : null,
    f.fieldsOfStudy.length ? `Studies in ${listed(f.fieldsOfStudy)}` : null,
    f.minimumGPA ? `A GPA of at least ${f.minimumGPA.toFixed(1)}` : null,
    experienceLine(f.minExperience, f.maxExperience),
    f.skills.length ? `Skills: ${listed(f.skills)}` : null,
    f.tags.length ? `Also good to have: ${listed(f.tags)}` : null,
    f.requiresWorkAuthorization ? 'Authorization to work in the United States' : null,
    f.requiresResume && f.requiresCoverLetter
      ? 'A résumé and a cover letter'
      : f.requiresResume
        ? 'A résumé'
        : f.requiresCoverLetter
          ? 'A cover letter'
          : null,
    f.openToMinors ? 'Applicants aged 16 and over are welcome' : null,
  ]);

  return [
    section('About the role', `<p>${e(about)}</p>`),
    section('Schedule', schedule),
    section('Pay and benefits', money || `<p>${e('Pay is discussed with each applicant.')}</p>`),
    section('Requirements', requirements || `<p>${e('No particular education or experience is needed: we welcome every applicant.')}</p>`),
  ].join('');
}

export function createTemplateJobWriter(): JobWriter {
  return { name: 'template', write: async (facts) => writeFromTemplate(facts) };
}

// ---------- an OpenAI-compatible model ----------

export const JOB_WRITER_TIMEOUT_MS = 20_000;

export const JOB_WRITER_INSTRUCTIONS = [
  'You write job descriptions for a job board in the United States.',
  'Write in plain, friendly English from the facts given as JSON, and invent nothing: no company history, no pay, benefits, duties or requirements that the facts do not give.',
  `Write four sections in this order, each starting with its title as <p><strong>Title</strong></p>: ${JOB_WRITER_SECTIONS.join(', ')}.`,
  'Use only these HTML tags: p, ul, li, strong, em. No headings, no links, no Markdown.',
  'At most 350 words. Answer with the HTML only.',
].join(' ');

/** Plain text or Markdown-ish answers as paragraphs and lists, for models that ignore the format asked for. */
function asRichText(answer: string): string {
  const text = answer
    .trim()
    .replace(/^```(?:html)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  if (/<(p|ul|ol|li|strong|b|em|i|br)\b/i.test(text)) return text;
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.length && lines.every((l) => /^[-*•]\s+/.test(l))) {
        return `<ul>${lines.map((l) => `<li>${escapeHtml(l.replace(/^[-*•]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      const heading = /^#+\s+(.*)$/.exec(lines[0] ?? '');
      if (heading && lines.length === 1) return `<p><strong>${escapeHtml(heading[1]!)}</strong></p>`;
      return `<p>${escapeHtml(lines.join(' '))}</p>`;
    })
    .join('');
}

/**
 * A model behind an OpenAI-compatible chat completions API (OpenAI, Azure OpenAI, a local server):
 * `POST {url}/chat/completions`. Fails with JobWriterError on a timeout, an error status or an
 * answer without text.
 */
export function createOpenAiJobWriter(config: AiConfig, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): JobWriter {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? JOB_WRITER_TIMEOUT_MS;
  const base = config.url.replace(/\/+$/, '');
  const address = /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;

  return {
    name: 'openai',
    async write(facts, { signal } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await doFetch(address, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.4,
            max_tokens: 1200,
            messages: [
              { role: 'system', content: JOB_WRITER_INSTRUCTIONS },
              { role: 'user', content: `The job:\n${JSON.stringify(facts)}` },
            ],
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        throw new JobWriterError(`The job writer could not be reached: ${(err as Error).message}`);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new JobWriterError(`The job writer answered ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new JobWriterError('The job writer answered with something other than JSON');
      }
      const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new JobWriterError('The job writer answered without a text');
      return asRichText(content);
    },
  };
}
