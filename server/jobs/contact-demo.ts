import type { AppContext } from '../context.ts';
import { contactMessages } from '../db/schema.ts';

const HOUR = 60 * 60 * 1000;

/** Messages people sent with the contact form, for the back office's list; hours ago, oldest last. */
const MESSAGES = [
  {
    hoursAgo: 3,
    name: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    subject: 'Career fair listing',
    message:
      'Hello,\nI run the career office at a community college. Could our spring career fair employers post part-time jobs for students here, and is there a way to show only jobs near campus?\n\nThanks, Dana',
  },
  {
    hoursAgo: 26,
    name: 'Marcus Bell',
    email: 'marcus.bell@example.com',
    subject: null,
    message: 'I applied to a warehouse job last week and the post was closed the next day. Will the employer still see my application?',
  },
  {
    hoursAgo: 50,
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    subject: 'Business verification question',
    message:
      'Our bakery has an EIN but the legal name on it is our LLC, not the name on the shop. Which name should I use when I register as an employer?',
  },
  {
    hoursAgo: 98,
    name: 'Tom Alvarez',
    email: 'tom.alvarez@example.com',
    subject: 'Job alerts',
    message: 'The daily job alert is great. Could I get it weekly instead? I only look for jobs on weekends.',
  },
] as const;

/** The demo contact messages; the last one from the demo job seeker, signed in when it was sent. */
export async function seedDemoContactMessages(ctx: AppContext, seeker: { id: string; email: string; name: string }): Promise<void> {
  const now = ctx.adapters.now().getTime();
  await ctx.db.insert(contactMessages).values([
    ...MESSAGES.map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      createdAt: new Date(now - m.hoursAgo * HOUR),
    })),
    {
      name: seeker.name,
      email: seeker.email,
      subject: 'Deleting my old resume',
      message: 'I uploaded a resume with my old phone number. Once I delete it, can employers I applied to before still download it?',
      userId: seeker.id,
      createdAt: new Date(now - 7 * 24 * HOUR),
    },
  ]);
}
