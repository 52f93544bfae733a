import type { AppContext } from '../context.ts';
import type { JobData } from '../../src/contract/posting.ts';
import { jobFacts } from './facts.ts';
import { postingNames } from './names.ts';
import { sanitizeRichText } from './rich-text.ts';

/**
 * A description written from the job's own fields (UseAi), sanitised like the author's own text;
 * null when the writer fails or writes nothing usable. It is only offered: never stored.
 */
export async function suggestDescription(ctx: AppContext, companyName: string, jobData: JobData): Promise<string | null> {
  const writer = ctx.adapters.jobWriter;
  try {
    const html = await writer.write(jobFacts(jobData, await postingNames(ctx), companyName));
    const clean = sanitizeRichText(html);
    if (!clean) ctx.log.warn({ writer: writer.name }, 'the job writer wrote nothing usable');
    return clean;
  } catch (err) {
    ctx.log.warn({ err, writer: writer.name }, 'the job writer failed');
    return null;
  }
}
