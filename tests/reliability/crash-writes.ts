// Acknowledged writes survive a kill -9 of the server (run by hand, not in CI):
//   npx tsx tests/reliability/crash-writes.ts                      (PGlite, the embedded default)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/reliability/crash-writes.ts
// With DATABASE_URL a database of its own is made on that server and dropped at the end; without
// it a PGlite folder under TMPDIR (removed at the end, kept when a round fails: KEEP=1 keeps it always).
//
// The real server (node + tsx running server/main.ts, as `npm start` runs the API) is driven over
// HTTP by concurrent writers of every kind: registrations, applications, messages, applicant status
// changes, job status changes (Active/Closed), drafts (made, then saved again) and payments (a test
// card added, then a job boosted with it through the built-in test processor). Once writes of every
// kind flow (below), after a random 1–4 s more, it is killed with SIGKILL, started again on the
// same data, and must answer /api/health, a read and a write. Then the database is read
// (PostgreSQL: while the server runs; PGlite: after the server stopped cleanly, as only one process
// may open it): every write whose 2xx answer came back, in any round so far, must be there with the
// content answered; a write cut by the kill may be there or not. Reported per round: writes
// acknowledged, verified, lost (must be 0), restart time.
//
// Knobs: ROUNDS (20), WRITERS (writers per kind, 2), PORT (3390), MIN_MS/MAX_MS (the kill's moment,
// 1000/4000 ms after writes of every kind are flowing, that is after a first one of each kind was
// answered in the round, or FLOWING_MS, 30,000, at most).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import {
  applicationStatusChanges,
  applications,
  boostSubscriptions,
  invoices,
  jobDrafts,
  jobPosts,
  messages,
  paymentMethods,
  users,
} from '../../server/db/schema.ts';
import {
  call,
  expectCall,
  insertCompany,
  insertSeekers,
  jobData,
  killServer,
  pgliteStore,
  postJob,
  postgresStore,
  sleep,
  startServer,
  stopServer,
  type Person,
  type Store,
} from './support/server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WRITERS = Number(process.env.WRITERS ?? 2);
const PORT = Number(process.env.PORT ?? 3390);
const MIN_MS = Number(process.env.MIN_MS ?? 1000);
const MAX_MS = Number(process.env.MAX_MS ?? 4000);
const FLOWING_MS = Number(process.env.FLOWING_MS ?? 30_000);
const APPLY_JOBS = 20;
const SEEKERS = 200;
const CHANNELS = 24;
const STATUS_APPS = 16;
const TOGGLE_JOBS = 8;
const PAYING_COMPANIES = 300;

const store: Store = process.env.DATABASE_URL
  ? await postgresStore(process.env.DATABASE_URL, 'crash_writes')
  : await pgliteStore('crash-writes');
console.log(`kill -9 during writes, ${ROUNDS} rounds on ${store.kind}${store.kind === 'pglite' ? ` (${store.dataDir})` : ''}`);

// ---------- what was written, as the answers said ----------

type Kind = 'registration' | 'application' | 'message' | 'applicantStatus' | 'jobStatus' | 'draft' | 'card' | 'boost';
const KINDS: Kind[] = ['registration', 'application', 'message', 'applicantStatus', 'jobStatus', 'draft', 'card', 'boost'];

const registered: Array<{ email: string; firstName: string; round: number }> = [];
const applied: Array<{ id: string; jobId: string; seekerId: string; round: number }> = [];
const sent: Array<{ id: number; text: string; clientMessageId: string; round: number }> = [];
/** An application's status changes answered 200 in order, and the one cut by the kill (committed or not). */
const statusOf = new Map<string, { status: string; changes: number; cut: string | null }>();
const statusAcks: Array<{ round: number }> = [];
const jobStatusOf = new Map<string, { status: string; cut: string | null }>();
const jobStatusAcks: Array<{ round: number }> = [];
const drafts = new Map<string, { title: string; cut: string | null }>();
const draftAcks: Array<{ round: number }> = [];
const cards: Array<{ id: string; companyId: string; last4: string; round: number }> = [];
const boosts: Array<{ id: string; jobId: string; invoiceId: string; round: number }> = [];

// ---------- the world the writers write in ----------

const database: Database = await store.open();
const main = await insertCompany(database, 'Riverside Freight LLC');
const paying: Array<{ companyId: string; employer: Person; jobId?: string }> = [];
for (let i = 0; i < PAYING_COMPANIES; i++) paying.push(await insertCompany(database, `Paying Company ${i} LLC`));
const seekers = await insertSeekers(database, SEEKERS + CHANNELS + STATUS_APPS, String(process.pid));
if (store.kind === 'pglite') await database.close();

let { server } = await startServer(store, PORT);
const t0 = performance.now();
const applyJobs: string[] = [];
for (let i = 0; i < APPLY_JOBS; i++) applyJobs.push(await postJob(server, main.employer, `Dock Worker ${i}`));
const chatJob = await postJob(server, main.employer, 'Forklift Operator');
const statusJob = await postJob(server, main.employer, 'Shift Lead');
const toggleJobs: string[] = [];
for (let i = 0; i < TOGGLE_JOBS; i++) {
  const id = await postJob(server, main.employer, `Seasonal Packer ${i}`);
  toggleJobs.push(id);
  jobStatusOf.set(id, { status: 'Active', cut: null });
}
for (const p of paying) p.jobId = await postJob(server, p.employer, 'Delivery Driver');
const applyAs = async (seeker: Person, jobId: string) =>
  (await expectCall(server, 'POST', '/api/JobSeeker/apply', { jobId, workAuthorization: true, sponsorship: false }, seeker.token, [201]))
    .id as string;
const channels: Array<{ url: string; seeker: Person }> = [];
for (const seeker of seekers.slice(SEEKERS, SEEKERS + CHANNELS)) {
  const applicantId = await applyAs(seeker, chatJob);
  const init = await expectCall(server, 'POST', '/api/Recruiter/message-init', { applicantId, jobPostId: chatJob }, main.employer.token);
  channels.push({ url: init.url, seeker });
}
for (const seeker of seekers.slice(SEEKERS + CHANNELS)) {
  statusOf.set(await applyAs(seeker, statusJob), { status: 'Applied', changes: 0, cut: null });
}
console.log(
  `set up in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${applyJobs.length + 2 + toggleJobs.length + paying.length} jobs, ` +
    `${seekers.length} seekers, ${channels.length} conversations, ${statusOf.size} applicants to move, ${paying.length} companies to pay\n`,
);

// ---------- the writers ----------

let round = 0;
let stopped = false;
let refused = 0;
let firstRefusal = '';
/** A write the server refused (not 2xx): not acknowledged, so nothing is expected; a few are normal (429s of the message limit). */
const refuse = (what: string, status: number, json: unknown) => {
  refused++;
  if (status !== 429 && !firstRefusal) firstRefusal = `${what} ${status} ${JSON.stringify(json).slice(0, 300)}`;
};

let nextPair = 0;
async function applicationWriter() {
  while (!stopped) {
    const n = nextPair++;
    const seeker = seekers[n % SEEKERS]!;
    const jobId = applyJobs[Math.floor(n / SEEKERS) % APPLY_JOBS]!;
    if (n >= SEEKERS * APPLY_JOBS) return;
    const res = await call(server, 'POST', '/api/JobSeeker/apply', { jobId, workAuthorization: true, sponsorship: false }, seeker.token);
    if (res.status === 201) applied.push({ id: res.json.data.id, jobId, seekerId: seeker.id, round });
    else refuse('apply', res.status, res.json);
  }
}

let nextRegistration = 0;
async function registrationWriter() {
  while (!stopped) {
    const n = nextRegistration++;
    const email = `registered.${process.pid}.${n}@example.com`;
    const firstName = `Avery${n}`;
    const res = await call(server, 'POST', '/api/Account/Register', {
      role: 0,
      firstName,
      lastName: 'Quinn',
      email,
      password: 'Harbor-Lights-2026!',
      dateOfBirth: '1994-06-01',
      acceptTerms: true,
    });
    if (res.status === 201) registered.push({ email, firstName, round });
    else refuse('register', res.status, res.json);
  }
}

let nextChannel = 0;
async function messageWriter() {
  while (!stopped) {
    const channel = channels[nextChannel++ % channels.length]!;
    const clientMessageId = randomUUID();
    const text = `Can you start on Monday? (${clientMessageId.slice(0, 8)})`;
    const res = await call(
      server,
      'POST',
      `/api/messaging/channels/${channel.url}/messages`,
      { clientMessageId, text },
      channel.seeker.token,
    );
    if (res.status === 201) sent.push({ id: Number(res.json.data.id), text, clientMessageId, round });
    else {
      refuse('message', res.status, res.json);
      if (res.status === 429) await sleep(100);
    }
  }
}

/** Moves its own applicants between Reviewed and Interviewing (staff may go back one step from Interviewing). */
async function applicantStatusWriter(own: string[]) {
  for (let i = 0; !stopped; i++) {
    const id = own[i % own.length]!;
    const state = statusOf.get(id)!;
    const status = state.status === 'Reviewed' ? 'Interviewing' : 'Reviewed';
    state.cut = status;
    const res = await call(server, 'POST', '/api/Employer/applicant-status', { applicantId: id, status }, main.employer.token);
    state.cut = null;
    if (res.status === 200) {
      state.status = status;
      state.changes++;
      statusAcks.push({ round });
    } else refuse('applicant-status', res.status, res.json);
  }
}

async function jobStatusWriter(own: string[]) {
  for (let i = 0; !stopped; i++) {
    const id = own[i % own.length]!;
    const state = jobStatusOf.get(id)!;
    const status = state.status === 'Active' ? 'Closed' : 'Active';
    state.cut = status;
    const res = await call(server, 'POST', '/api/job/update-status', { JobPostId: id, Status: status }, main.employer.token);
    state.cut = null;
    if (res.status === 200) {
      state.status = status;
      jobStatusAcks.push({ round });
    } else refuse('update-status', res.status, res.json);
  }
}

/** Makes a draft, then saves it again under a new title. */
async function draftWriter() {
  while (!stopped) {
    const title = `Night Picker ${randomUUID().slice(0, 8)}`;
    const made = await call(server, 'POST', '/api/job/draft-update', { Draft: { jobData: jobData(title) } }, main.employer.token);
    if (made.status !== 200 && made.status !== 201) {
      refuse('draft-update', made.status, made.json);
      continue;
    }
    const id = made.json.data.draft.jobPostDraftId as string;
    const state = { title, cut: null as string | null };
    drafts.set(id, state);
    draftAcks.push({ round });
    if (stopped) return;
    const retitled = `${title} (weekends)`;
    state.cut = retitled;
    const saved = await call(
      server,
      'POST',
      '/api/job/draft-update',
      { Draft: { jobPostDraftId: id, jobData: jobData(retitled) } },
      main.employer.token,
    );
    state.cut = null;
    if (saved.status === 200 || saved.status === 201) {
      state.title = retitled;
      draftAcks.push({ round });
    } else refuse('draft-update', saved.status, saved.json);
  }
}

let nextPaying = 0;
/** A company adds a test card, then boosts its job with it: each company once. */
async function paymentWriter() {
  while (!stopped) {
    const company = paying[nextPaying++];
    if (!company) return;
    const token = company.employer.token;
    const setup = await call(server, 'POST', '/api/subscriptions/setup-intent/store', undefined, token);
    if (setup.status !== 201) {
      refuse('setup-intent', setup.status, setup.json);
      continue;
    }
    const confirmed = await call(
      server,
      'POST',
      '/api/subscriptions/test-processor/cards',
      { setupIntentId: setup.json.data.id, number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      token,
    );
    if (confirmed.status !== 200) {
      refuse('test card', confirmed.status, confirmed.json);
      continue;
    }
    const added = await call(
      server,
      'POST',
      '/api/subscriptions/payment-methods/add',
      { providerId: confirmed.json.data.paymentMethodId, setAsDefault: true },
      token,
    );
    if (added.status !== 201 && added.status !== 200) {
      refuse('add card', added.status, added.json);
      continue;
    }
    cards.push({ id: added.json.data.id, companyId: company.companyId, last4: added.json.data.last4, round });
    if (stopped) return;
    const boosted = await call(
      server,
      'POST',
      '/api/subscriptions/create',
      { jobPostId: company.jobId, tierId: 'featured', lengthDays: 7, paymentMethodId: added.json.data.id, idempotencyKey: randomUUID() },
      token,
    );
    if (boosted.status === 201) {
      boosts.push({ id: boosted.json.data.subscription.id, jobId: company.jobId!, invoiceId: boosted.json.data.invoiceId, round });
    } else refuse('boost', boosted.status, boosted.json);
  }
}

/** A writer's loop, until the kill cuts its connection (the write it was making: committed or not). */
const writer = (loop: () => Promise<void>) =>
  loop().catch((err: unknown) => {
    if (!stopped) throw err;
  });

const statusIds = [...statusOf.keys()];
const split = <T>(xs: T[], i: number) => xs.filter((_, k) => k % WRITERS === i);

// ---------- checking what is stored ----------

async function verify(db: Database['db']) {
  const lost: string[] = [];
  const ids = <T>(xs: T[], f: (x: T) => string) => xs.map(f);
  const chunks = async <T, R>(xs: T[], read: (part: T[]) => Promise<R[]>) => {
    const out: R[] = [];
    for (let i = 0; i < xs.length; i += 1000) out.push(...(await read(xs.slice(i, i + 1000))));
    return out;
  };

  const userRows = await chunks(
    ids(registered, (r) => r.email),
    (part) => db.select({ email: users.email, firstName: users.firstName, role: users.role }).from(users).where(inArray(users.email, part)),
  );
  const userByEmail = new Map(userRows.map((u) => [u.email, u]));
  for (const r of registered) {
    const u = userByEmail.get(r.email);
    if (!u || u.firstName !== r.firstName || u.role !== 'JobSeeker') lost.push(`registration ${r.email} (round ${r.round})`);
  }

  const appRows = await chunks(
    ids(applied, (a) => a.id),
    (part) =>
      db
        .select({ id: applications.id, jobId: applications.jobPostId, seekerId: applications.jobSeekerId })
        .from(applications)
        .where(inArray(applications.id, part)),
  );
  const appById = new Map(appRows.map((a) => [a.id, a]));
  for (const a of applied) {
    const row = appById.get(a.id);
    if (!row || row.jobId !== a.jobId || row.seekerId !== a.seekerId) lost.push(`application ${a.id} (round ${a.round})`);
  }

  const messageRows = await chunks(
    sent.map((m) => m.id),
    (part) =>
      db
        .select({ id: messages.id, text: messages.text, clientMessageId: messages.clientMessageId })
        .from(messages)
        .where(inArray(messages.id, part)),
  );
  const messageById = new Map(messageRows.map((m) => [Number(m.id), m]));
  for (const m of sent) {
    const row = messageById.get(m.id);
    if (!row || row.text !== m.text || row.clientMessageId !== m.clientMessageId) lost.push(`message ${m.id} (round ${m.round})`);
  }

  // An applicant's status: the last one answered, or the change the kill cut; every change answered is in its history.
  const statusRows = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(inArray(applications.id, statusIds));
  const history = await db
    .select({ id: applicationStatusChanges.applicationId })
    .from(applicationStatusChanges)
    .where(inArray(applicationStatusChanges.applicationId, statusIds));
  for (const row of statusRows) {
    const state = statusOf.get(row.id)!;
    const changes = history.filter((h) => h.id === row.id).length;
    const cutLanded = state.cut !== null && row.status === state.cut;
    if (!(row.status === state.status || cutLanded) || changes !== state.changes + (cutLanded ? 1 : 0)) {
      lost.push(`applicant ${row.id}: ${row.status} with ${changes} changes, answered ${state.status} after ${state.changes}`);
    }
    // What is stored is where the next round goes on from.
    state.status = row.status;
    state.changes = changes;
    state.cut = null;
  }

  const jobRows = await db.select({ id: jobPosts.id, status: jobPosts.status }).from(jobPosts).where(inArray(jobPosts.id, toggleJobs));
  for (const row of jobRows) {
    const state = jobStatusOf.get(row.id)!;
    if (!(row.status === state.status || row.status === state.cut)) lost.push(`job ${row.id}: ${row.status}, answered ${state.status}`);
    state.status = row.status;
    state.cut = null;
  }

  const draftRows = await chunks([...drafts.keys()], (part) =>
    db.select({ id: jobDrafts.id, title: jobDrafts.title }).from(jobDrafts).where(inArray(jobDrafts.id, part)),
  );
  const draftById = new Map(draftRows.map((d) => [d.id, d]));
  for (const [id, state] of drafts) {
    const row = draftById.get(id);
    if (!row || !(row.title === state.title || row.title === state.cut))
      lost.push(`draft ${id}: ${row?.title ?? 'missing'}, answered ${state.title}`);
    if (row) state.title = row.title;
    state.cut = null;
  }

  const cardRows = await chunks(
    ids(cards, (c) => c.id),
    (part) =>
      db
        .select({
          id: paymentMethods.id,
          companyId: paymentMethods.companyId,
          last4: paymentMethods.last4,
          isDefault: paymentMethods.isDefault,
        })
        .from(paymentMethods)
        .where(inArray(paymentMethods.id, part)),
  );
  const cardById = new Map(cardRows.map((c) => [c.id, c]));
  for (const c of cards) {
    const row = cardById.get(c.id);
    if (!row || row.companyId !== c.companyId || row.last4 !== c.last4 || !row.isDefault) lost.push(`card ${c.id} (round ${c.round})`);
  }

  const boostRows = await chunks(
    ids(boosts, (b) => b.id),
    (part) =>
      db
        .select({ id: boostSubscriptions.id, status: boostSubscriptions.status, jobId: boostSubscriptions.jobPostId })
        .from(boostSubscriptions)
        .where(inArray(boostSubscriptions.id, part)),
  );
  const boostById = new Map(boostRows.map((b) => [b.id, b]));
  const invoiceRows = await chunks(
    ids(boosts, (b) => b.invoiceId),
    (part) => db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(inArray(invoices.id, part)),
  );
  const invoiceById = new Map(invoiceRows.map((i) => [i.id, i]));
  const boostedJobs = new Map(
    (
      await chunks(
        ids(boosts, (b) => b.jobId),
        (part) => db.select({ id: jobPosts.id, isBoosted: jobPosts.isBoosted }).from(jobPosts).where(inArray(jobPosts.id, part)),
      )
    ).map((j) => [j.id, j.isBoosted]),
  );
  for (const b of boosts) {
    const row = boostById.get(b.id);
    const invoice = invoiceById.get(b.invoiceId);
    if (!row || row.status !== 'active' || row.jobId !== b.jobId || invoice?.status !== 'paid' || !boostedJobs.get(b.jobId)) {
      lost.push(`boost ${b.id} (round ${b.round}): ${row?.status ?? 'missing'}, invoice ${invoice?.status ?? 'missing'}`);
    }
  }
  return lost;
}

// ---------- the rounds ----------

const counts = () => ({
  registration: registered.length,
  application: applied.length,
  message: sent.length,
  applicantStatus: statusAcks.length,
  jobStatus: jobStatusAcks.length,
  draft: draftAcks.length,
  card: cards.length,
  boost: boosts.length,
});
const rows: string[] = [];
let lostTotal = 0;
let failed = false;
let reader: Database | null = store.kind === 'postgres' ? database : null;
try {
  for (round = 1; round <= ROUNDS; round++) {
    const before = counts();
    refused = 0;
    stopped = false;
    const loops = [
      ...Array.from({ length: WRITERS }, () => writer(registrationWriter)),
      ...Array.from({ length: WRITERS }, () => writer(applicationWriter)),
      ...Array.from({ length: WRITERS }, () => writer(messageWriter)),
      ...Array.from({ length: WRITERS }, (_, i) => writer(() => applicantStatusWriter(split(statusIds, i)))),
      ...Array.from({ length: WRITERS }, (_, i) => writer(() => jobStatusWriter(split(toggleJobs, i)))),
      ...Array.from({ length: WRITERS }, () => writer(draftWriter)),
      ...Array.from({ length: WRITERS }, () => writer(paymentWriter)),
    ];
    // The kill's clock starts once writes of every kind are flowing (a first one of each answered,
    // at most FLOWING_MS): a server just started answers its first calls slowly (PGlite's
    // WebAssembly warms up), and on a busy machine a registration (scrypt) takes seconds.
    const flowingFrom = performance.now();
    while (performance.now() - flowingFrom < FLOWING_MS && KINDS.some((k) => counts()[k] === before[k])) await sleep(20);
    const flowingMs = performance.now() - flowingFrom;
    const killAfter = MIN_MS + Math.random() * (MAX_MS - MIN_MS);
    await sleep(killAfter);
    stopped = true;
    await killServer(server);
    await Promise.all(loops);
    const after = counts();
    const acked = KINDS.reduce((s, k) => s + after[k] - before[k], 0);

    // Started again on what the kill left.
    const restarted = await startServer(store, PORT);
    server = restarted.server;
    // It answers normally: a read, and a write.
    const list = await call(server, 'GET', '/api/job/GetAllJobPostList?pageNumber=1&pageSize=5');
    const channel = channels[round % channels.length]!;
    const after1 = await call(
      server,
      'POST',
      `/api/messaging/channels/${channel.url}/messages`,
      { clientMessageId: randomUUID(), text: 'Still there after the restart?' },
      channel.seeker.token,
    );
    const normal = list.status === 200 && list.json.data.items.length > 0 && after1.status === 201;

    if (store.kind === 'pglite') {
      await stopServer(server);
      reader = await store.open();
    }
    const lost = await verify(reader!.db);
    if (store.kind === 'pglite') {
      await reader!.close();
      reader = null;
      server = (await startServer(store, PORT)).server;
    }
    lostTotal += lost.length;
    const kinds = KINDS.map((k) => `${k} ${after[k] - before[k]}`).join(', ');
    const line =
      `round ${String(round).padStart(2)}: killed ${(killAfter / 1000).toFixed(1)} s after writes of every kind flowed (${(flowingMs / 1000).toFixed(1)} s); ${acked} writes acknowledged (${kinds}); ` +
      `${Math.max(0, acked - lost.length)} verified, ${lost.length} lost (of all ${KINDS.reduce((s, k) => s + after[k], 0)} so far); ` +
      `refused ${refused}; restart ${(restarted.ms / 1000).toFixed(2)} s; after restart ${normal ? 'answers normally' : `NOT NORMAL (list ${list.status}, message ${after1.status})`}`;
    rows.push(line);
    console.log(line);
    if (lost.length) {
      failed = true;
      console.log(`  lost: ${lost.slice(0, 20).join('\n        ')}`);
    }
    if (!normal) failed = true;
    if (firstRefusal) {
      console.log(`  first refusal other than 429: ${firstRefusal}`);
      firstRefusal = '';
    }
  }
} catch (err) {
  failed = true;
  console.error(`round ${round} failed:`, err);
  console.error(server.output.slice(-40).join('\n'));
} finally {
  await stopServer(server).catch(() => {});
  if (store.kind === 'postgres') await database.close().catch(() => {});
  const total = counts();
  console.log(
    `\n${store.kind}: ${rows.length} rounds, ${KINDS.reduce((s, k) => s + total[k], 0)} writes acknowledged ` +
      `(${KINDS.map((k) => `${k} ${total[k]}`).join(', ')}), ${lostTotal} lost`,
  );
  if (failed && store.kind === 'pglite') console.log(`the data folder is kept: ${store.dataDir}`);
  else if (process.env.KEEP !== '1') await store.drop();
}
process.exit(failed ? 1 : 0);
