import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages, type AuditEntry } from '../../src/contract/admin.ts';
import { adminAudit } from '../../server/db/schema.ts';
import { recordAudit, type AuditRecord } from '../../server/admin/audit.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { expectField, expectOk, officeApp, officeCalls, officeWorld, type OfficeCalls, type OfficeWorld } from './admin-office-support.ts';

// The audit trail: every administrator action, newest first, with filters; append-only, so no
// route (nor any statement) changes or removes an entry.

let app: TestApp;
let w: OfficeWorld;
let office: OfficeCalls;
let companyB: string;

const record = (entry: Partial<AuditRecord> & Pick<AuditRecord, 'adminId' | 'at'>) =>
  recordAudit(app.database.db, {
    action: 'company.deactivate',
    targetType: 'company',
    targetId: w.company.id,
    targetName: 'Hale Logistics LLC',
    companyId: w.company.id,
    reason: 'Fake jobs.',
    before: { state: 'active' },
    after: { state: 'inactive' },
    ...entry,
  });

beforeAll(async () => {
  ({ app } = await officeApp());
  w = await officeWorld(app);
  office = officeCalls(app);
  companyB = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
  // Written out of time order on purpose: the list's order is the order written (by id).
  await record({ adminId: w.superAdmin.id!, at: new Date('2026-03-01T23:59:59Z'), action: 'company.deactivate' });
  await record({ adminId: w.otherAdmin.id!, at: new Date('2026-03-02T00:00:00Z'), action: 'company.activate', reason: 'Fixed.' });
  await record({
    adminId: w.superAdmin.id!,
    at: new Date('2026-03-03T23:59:59.999Z'),
    action: 'reports.dismiss',
    targetType: 'job',
    targetId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    targetName: 'Night Driver',
    companyId: companyB,
    reason: 'Nothing wrong.',
    before: { reports: 2, status: 'open' },
    after: { reports: 2, status: 'dismissed' },
  });
  await record({ adminId: w.otherAdmin.id!, at: new Date('2026-03-04T00:00:00Z'), action: 'company.blacklist', reason: 'Scams.' });
}, 60_000);
afterAll(async () => app?.stop());

const titles = (entries: AuditEntry[]) => entries.map((e) => `${e.action}@${e.at}`);

describe('the list', () => {
  it('newest first by the order written, with the administrator joined and each entry whole', async () => {
    const list = expectOk(await office.audit(w.superAdmin));
    expect(list).toMatchObject({ totalCount: 4, pageNumber: 1, pageSize: 10 });
    expect(titles(list.entries)).toEqual([
      'company.blacklist@2026-03-04T00:00:00.000Z',
      'reports.dismiss@2026-03-03T23:59:59.999Z',
      'company.activate@2026-03-02T00:00:00.000Z',
      'company.deactivate@2026-03-01T23:59:59.000Z',
    ]);
    expect(list.entries[1]).toEqual({
      id: expect.any(String),
      at: '2026-03-03T23:59:59.999Z',
      admin: { id: w.superAdmin.id, name: 'Morgan Admin', email: w.superAdmin.email },
      action: 'reports.dismiss',
      targetType: 'job',
      targetId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      targetName: 'Night Driver',
      companyId: companyB,
      reason: 'Nothing wrong.',
      before: { reports: 2, status: 'open' },
      after: { reports: 2, status: 'dismissed' },
    });
  });

  it('filters by company, administrator, action and UTC days (both counted), together', async () => {
    const of = async (query: Parameters<OfficeCalls['audit']>[1]) => titles(expectOk(await office.audit(w.otherAdmin, query)).entries);
    expect(await of({ companyId: companyB })).toEqual(['reports.dismiss@2026-03-03T23:59:59.999Z']);
    expect(await of({ adminId: w.otherAdmin.id! })).toEqual([
      'company.blacklist@2026-03-04T00:00:00.000Z',
      'company.activate@2026-03-02T00:00:00.000Z',
    ]);
    expect(await of({ action: 'company.deactivate' })).toEqual(['company.deactivate@2026-03-01T23:59:59.000Z']);
    expect(await of({ from: '2026-03-02', to: '2026-03-03' })).toEqual([
      'reports.dismiss@2026-03-03T23:59:59.999Z',
      'company.activate@2026-03-02T00:00:00.000Z',
    ]);
    expect(await of({ from: '2026-03-04' })).toEqual(['company.blacklist@2026-03-04T00:00:00.000Z']);
    expect(await of({ to: '2026-03-01' })).toEqual(['company.deactivate@2026-03-01T23:59:59.000Z']);
    expect(await of({ from: '2026-03-02', to: '2026-03-04', adminId: w.otherAdmin.id!, companyId: w.company.id })).toEqual([
      'company.blacklist@2026-03-04T00:00:00.000Z',
      'company.activate@2026-03-02T00:00:00.000Z',
    ]);
    const none = expectOk(await office.audit(w.otherAdmin, { from: '2026-03-05', to: '2026-03-04' }));
    expect(none).toMatchObject({ entries: [], totalCount: 0 });
  });

  it('pages 10 at a time with the total', async () => {
    const other = await w.admin('SuperAdmin', 'Paged');
    for (let i = 0; i < 12; i++) {
      await record({ adminId: other.id!, at: new Date(Date.UTC(2026, 4, 1, 0, i)), action: 'admin.updateDetails', targetType: 'admin' });
    }
    const first = expectOk(await office.audit(w.superAdmin, { adminId: other.id! }));
    expect(first.totalCount).toBe(12);
    expect(first.entries.map((e) => e.at.slice(11, 16))).toEqual([
      '00:11',
      '00:10',
      '00:09',
      '00:08',
      '00:07',
      '00:06',
      '00:05',
      '00:04',
      '00:03',
      '00:02',
    ]);
    const second = expectOk(await office.audit(w.superAdmin, { adminId: other.id!, pageNumber: 2 }));
    expect(second.entries.map((e) => e.at.slice(11, 16))).toEqual(['00:01', '00:00']);
    expect(expectOk(await office.audit(w.superAdmin, { adminId: other.id!, pageNumber: 3 })).entries).toEqual([]);
  });

  it('refuses a malformed filter or page with the field named', async () => {
    expectField(await office.audit(w.superAdmin, { pageNumber: 10 ** 9 }), 'pageNumber', AdminMessages.page);
    expectField(await office.audit(w.superAdmin, { pageNumber: 0 }), 'pageNumber', AdminMessages.page);
    expectField(await office.audit(w.superAdmin, { from: '2026-02-30' }), 'from', AdminMessages.date);
    expectField(await office.audit(w.superAdmin, { to: '03/04/2026' }), 'to', AdminMessages.date);
    expectField(await office.audit(w.superAdmin, { companyId: 'acme' }), 'companyId', AdminMessages.companyNotFound);
    expect((await office.audit(w.superAdmin, { action: 'company.delete' })).status).toBe(400);
  });
});

describe('append-only', () => {
  const all = () => app.database.db.select().from(adminAudit).orderBy(adminAudit.id);

  it('the table refuses UPDATE, DELETE and TRUNCATE, whoever sends them', async () => {
    const before = await all();
    for (const statement of [
      sql`update ${adminAudit} set reason = 'rewritten'`,
      sql`delete from ${adminAudit}`,
      sql`truncate ${adminAudit}`,
    ]) {
      const failure = await app.database.db.execute(statement).then(
        () => null,
        (err: Error) => err,
      );
      // The database's own refusal (drizzle wraps it as the cause).
      expect((failure?.cause as Error | undefined)?.message).toMatch(/admin_audit is append-only/);
    }
    expect(await all()).toEqual(before);
  });

  it('no back-office route changes or removes an entry: each only appends', async () => {
    const before = await all();
    const admin = w.otherAdmin;
    expectOk(await office.details(admin));
    expectOk(await office.updateDetails(admin, { firstName: 'Avery', lastName: 'Admin', phoneNumber: '' }));
    expect((await office.requestEmail(admin, { email: `avery.${Date.now()}@example.com` })).status).toBe(200);
    expect((await office.confirmEmail(admin, { email: 'x@example.com', code: '123456' })).status).toBe(400);
    expectOk(await office.reports(admin));
    expect((await office.resolve(admin, { jobPostId: '00000000-0000-4000-8000-000000000000', action: 'dismiss', note: 'n' })).status).toBe(
      404,
    );
    expectOk(await office.audit(admin));
    const after = await all();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((e) => e.action)).toEqual(['admin.updateDetails']);
  });

  it('an action whose audit entry cannot be written does not happen', async () => {
    const admin = await w.admin('SuperAdmin', 'Unlogged');
    const db = app.database.db;
    await db.execute(
      sql.raw(`create function refuse_entry() returns trigger language plpgsql as $$
      begin raise exception 'the trail is unavailable'; end; $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_entry before insert on admin_audit for each row
        when (new.target_id = '${admin.id}') execute function refuse_entry()`),
    );
    const answer = await office.updateDetails(admin, { firstName: 'Changed', lastName: 'Name', phoneNumber: '' });
    expect(answer.status).toBe(500);
    expect(expectOk(await office.details(admin))).toMatchObject({ firstName: 'Unlogged', lastName: 'Admin' });
  });
});
