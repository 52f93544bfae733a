import { ADMIN_PAGE_SIZE, type AdminContactMessage, type ContactMessageList } from '../../contract/admin.ts';

/* The contact messages as the demo shows them: twelve, newest first, two pages. */

const uuid = (n: number) => `d0e00000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (hoursBefore: number) => new Date(Date.parse('2025-03-12T15:00:00Z') - hoursBefore * 3_600_000).toISOString();

const people: Array<[string, string, string | null, string]> = [
  [
    'Dana Whitfield',
    'dana.whitfield@example.com',
    'Career fair listing',
    'Could our career fair employers post part-time jobs for students here?\n\nThanks, Dana',
  ],
  ['Marcus Bell', 'marcus.bell@example.com', null, 'A job I applied to closed the next day. Will the employer still see my application?'],
  ['Priya Raman', 'priya.raman@example.com', 'Business verification question', 'Which legal name should our bakery use when it registers?'],
  ['Tom Alvarez', 'tom.alvarez@example.com', 'Job alerts', 'Could I get the job alert weekly instead of daily?'],
];

export const demoContactMessages: AdminContactMessage[] = Array.from({ length: 12 }, (_, i) => {
  const [name, email, subject, message] = people[i % people.length]!;
  return {
    id: uuid(i + 1),
    name: i < people.length ? name : `${name} (${i + 1})`,
    email,
    subject,
    message,
    account: null,
    createdAt: at(i * 7 + 1),
  };
});
// One sent while signed in, under a different address than the account's.
demoContactMessages[2] = {
  ...demoContactMessages[2]!,
  account: { id: 'a0b00000-0000-4000-8000-000000000003', name: 'Priya Raman', email: 'owner@rcbakery.example', role: 'Employer' },
};

/** A page of `messages` (the demo's by default), as the server answers it. */
export function demoMessagesPage(pageNumber: number, messages = demoContactMessages): ContactMessageList {
  const start = (pageNumber - 1) * ADMIN_PAGE_SIZE;
  return { messages: messages.slice(start, start + ADMIN_PAGE_SIZE), totalCount: messages.length, pageNumber, pageSize: ADMIN_PAGE_SIZE };
}
