import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AdminMessages, type AuditList } from '../../src/contract/admin.ts';
import { auditChanges, auditValue, fieldLabel } from '../../src/lib/audit.ts';
import {
  auditMachine,
  auditQueryOf,
  auditSearchOf,
  DEFAULT_AUDIT_QUERY,
  selectAdmin,
  selectCompany,
  selectErrors,
  selectPageCount,
  type AuditQuery,
} from '../../src/machines/admin/audit.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoAdmin, demoAudit, demoAuditList, otherAdmin, quickCash } from '../../src/views/admin/office-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

/** Twelve entries: two pages. */
const firstPage = demoAuditList(DEFAULT_AUDIT_QUERY);
const badDate = new ApiError('client', 400, AdminMessages.date, [AdminMessages.date]);

function startSut(input?: Partial<AuditQuery>) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    loads: [] as Array<{ input: AuditQuery; signal: AbortSignal; settled: boolean }>,
  };
  const logic = auditMachine.provide({
    actors: {
      load: fromPromise<AuditList, AuditQuery>(({ input, signal }) => {
        server.loads.push({ input, signal, settled: false });
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
    },
  });
  const actor = createActor(logic, { input }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: { type: string; [key: string]: unknown }) {
  if (settle(sut.server.pending, event)) sut.server.loads.at(-1)!.settled = true;
  else sut.actor.send(event as never);
  await flush();
}

type Snap = SnapshotFrom<typeof auditMachine>;
/** What the admin sees: where the trail is, what it asks for, what it shows and says, and the admins to choose from. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    shown: s.context.list ? `${s.context.list.entries.length}/${s.context.list.totalCount}` : null,
    pages: selectPageCount(s),
    errors: selectErrors(s),
    admins: s.context.admins.map((a) => a.name),
    tags: [...s.tags].sort(),
  });

const events = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.error.actor.load', error: badDate },
  { type: 'audit.filter', change: { action: 'company.blacklist' } },
  { type: 'audit.filter', change: { from: '2025-03-01', to: '2025-03-10' } },
  { type: 'audit.filter', change: { companyId: null } },
  { type: 'audit.page', page: 2 },
  { type: 'audit.query', query: { ...DEFAULT_AUDIT_QUERY, companyId: quickCash.id } },
  { type: 'audit.retry' },
] as unknown as EventObject[];

describe('the audit trail machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(auditMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      // One filter away from the opening trail is enough to see each rule; the walk stays small.
      const q = (snap as unknown as Snap).context.query;
      const away = [q.action, q.from, q.companyId, q.pageNumber > 1 || null].filter(Boolean).length;
      return away <= 1 || e.type.startsWith('xstate.') || e.type === 'audit.retry';
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['failed', 'loading', 'ready']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Only the latest load is ever running, and only while loading; it asks for the query shown.
      const running = sut.server.loads.filter((l) => !l.settled && !l.signal.aborted);
      expect(running).toEqual(now.hasTag('loading') ? [sut.server.loads.at(-1)] : []);
      if (now.hasTag('loading')) expect(sut.server.loads.at(-1)!.input).toEqual(now.context.query);
      sut.actor.stop();
    };
    await check(s.path, s.state as Snap);
    for (const t of s.transitions) await check([...s.path, t.event], t.next as Snap);
  });
});

describe('the audit trail rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the newest page first; a filter goes back to page 1; the same filter again asks nothing', async () => {
    const sut = startSut();
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    await play(sut, { type: 'audit.page', page: 2 });
    await play(sut, { type: 'audit.filter', change: { adminId: otherAdmin.id } } as EventObject);
    await play(sut, { type: 'audit.filter', change: { adminId: otherAdmin.id } } as EventObject);
    await play(sut, { type: 'audit.filter', change: { action: 'company.activate', to: '2025-03-05' } } as EventObject);
    expect(sut.server.loads.map((l) => auditSearchOf(l.input))).toEqual([
      '',
      'page=2',
      `adminId=${otherAdmin.id}`,
      `action=company.activate&to=2025-03-05&adminId=${otherAdmin.id}`,
    ]);
  });

  it('offers every administrator met so far, by name, and names the company and admin it is narrowed to', async () => {
    const sut = startSut({ companyId: quickCash.id, adminId: demoAdmin.id });
    expect(selectCompany(sut.actor.getSnapshot())).toEqual({ id: quickCash.id, name: null });
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: demoAuditList({ ...DEFAULT_AUDIT_QUERY, companyId: quickCash.id, adminId: demoAdmin.id }),
    } as EventObject);
    const s = sut.actor.getSnapshot();
    expect(selectCompany(s)).toEqual({ id: quickCash.id, name: quickCash.name });
    expect(selectAdmin(s)).toEqual({ id: demoAdmin.id, name: demoAdmin.name });
    expect(s.context.admins).toEqual([demoAdmin]);
    await play(sut, { type: 'audit.filter', change: { companyId: null, adminId: null } } as EventObject);
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    expect(sut.actor.getSnapshot().context.admins).toEqual([demoAdmin, otherAdmin]);
  });

  it('shows the state errors of a failed read and reads again on retry', async () => {
    const sut = startSut({ from: '2025-02-30' });
    await play(sut, { type: 'xstate.error.actor.load', error: badDate } as EventObject);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AdminMessages.date]);
    await play(sut, { type: 'audit.retry' });
    expect(sut.server.loads).toHaveLength(2);
  });

  it('reads its query from an address, leaving out what it cannot use, and writes only the filters in use', () => {
    expect(auditQueryOf('')).toEqual(DEFAULT_AUDIT_QUERY);
    expect(auditQueryOf('action=erase&from=2025-02-30&to=yesterday&page=-1')).toEqual(DEFAULT_AUDIT_QUERY);
    const q: AuditQuery = {
      action: 'reports.dismiss',
      from: '2025-03-01',
      to: '2025-03-31',
      companyId: 'c-1',
      adminId: 'a-1',
      pageNumber: 3,
    };
    expect(auditSearchOf(q)).toBe('action=reports.dismiss&from=2025-03-01&to=2025-03-31&companyId=c-1&adminId=a-1&page=3');
    expect(auditQueryOf(auditSearchOf(q))).toEqual(q);
  });
});

describe('what an audit entry changed', () => {
  it('lists the fields that differ, in words, with their values before and after', () => {
    const blacklist = demoAudit.find((e) => e.action === 'company.blacklist' && e.targetName === 'Shady Holdings')!;
    expect(auditChanges(blacklist.before, blacklist.after)).toEqual([
      { field: 'state', label: 'State', before: 'active', after: 'blacklisted' },
      { field: 'blacklistedAt', label: 'Blacklisted at', before: '—', after: expect.stringMatching(/^03-11-2025 \d{1,2}:04 [AP]M$/) },
      {
        field: 'blacklistReason',
        label: 'Blacklist reason',
        before: '—',
        after: 'Charges applicants fees; several reports with receipts.',
      },
      { field: 'openJobs', label: 'Open jobs', before: '3', after: '0' },
    ]);
    expect(auditChanges({ state: 'active', name: 'A' }, { state: 'active', name: 'A' })).toEqual([]);
    expect(auditChanges(null, { verified: true })).toEqual([{ field: 'verified', label: 'Verified', before: '—', after: 'Yes' }]);
  });

  it('says values as people read them', () => {
    expect(auditValue(false)).toBe('No');
    expect(auditValue('')).toBe('—');
    expect(auditValue(['a', 1])).toBe('["a",1]');
    expect(fieldLabel('tin_last_four')).toBe('Tin last four');
  });
});
