import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { companies, storedFiles, users } from '../../server/db/schema.ts';
import type { Role } from '../../src/contract/roles.ts';
import { filesApp, send, uploadFile, type Answer, type FilesApp } from './files-support.ts';

export { send, uploadFile, type Answer };

/** One caller of the matrix every company route is tried with. */
export interface Caller {
  label: string;
  id: string | null;
  token: string | undefined;
  companyId: string | null;
}

let seq = 0;

/**
 * The people of two companies, X and Y, and outsiders: X's employer and recruiter, Y's employer,
 * a job seeker and an anonymous visitor. Rows are written directly, as the account area would
 * leave them after registration, verification and an accepted invitation.
 */
export async function companyWorld(f: FilesApp) {
  const db = f.app.database.db;
  const now = new Date('2024-03-05T17:00:00Z');

  async function company(name: string, tin: string, extra: Partial<typeof companies.$inferInsert> = {}) {
    const [row] = await db
      .insert(companies)
      .values({ name, tin, tinKind: 'EIN', verifiedAt: now, verificationMethod: 'rules:EIN', ...extra })
      .returning();
    return row!;
  }

  async function person(
    role: Role,
    companyId: string | null,
    label: string,
    extra: Partial<typeof users.$inferInsert> = {},
  ): Promise<Caller> {
    seq += 1;
    const [row] = await db
      .insert(users)
      .values({
        email: `company.${role.toLowerCase()}.${Date.now().toString(36)}.${seq}@example.com`,
        firstName: 'Robin',
        lastName: 'Hale',
        role,
        companyId,
        emailVerifiedAt: now,
        ...extra,
      })
      .returning({ id: users.id });
    return { label, id: row!.id, companyId, token: await f.app.ctx.tokens.sign({ userId: row!.id, role }) };
  }

  const x = await company('Hale Logistics LLC', '271234567');
  const y = await company('Yarrow Foods Inc', '274567890');
  const employerX = await person('Employer', x.id, 'employer of X');
  const recruiterX = await person('Recruiter', x.id, 'recruiter of X', {
    firstName: 'Casey',
    jobTitle: 'Talent Partner',
    invitedBy: employerX.id,
  });
  const employerY = await person('Employer', y.id, 'employer of Y');
  const seeker = await person('JobSeeker', null, 'job seeker');
  const anonymous: Caller = { label: 'anonymous', id: null, token: undefined, companyId: null };
  return { x, y, employerX, recruiterX, employerY, seeker, anonymous, company, person, now };
}

export type World = Awaited<ReturnType<typeof companyWorld>>;

export const companyApp = (options: Parameters<typeof filesApp>[0] = {}) => filesApp(options);

/** A photo-like image of the given size and type, made here so no binary fixture is needed. */
export async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', colour = '#2a7ab0') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** Random pixels compress badly: a JPEG of about `bytes`. */
export async function largeJpeg(minBytes: number) {
  let side = 1600;
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (jpeg.length >= minBytes) return jpeg;
    side += 800;
  }
}

export function expectRefused(answer: Answer, status: number, message?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.success).toBe(false);
  if (message !== undefined) expect(answer.body.message).toBe(message);
}

export async function companyRow(f: FilesApp, id: string) {
  const [row] = await f.app.database.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

export async function companyFiles(f: FilesApp, companyId: string) {
  return f.app.database.db.select().from(storedFiles).where(eq(storedFiles.companyId, companyId));
}

export const getJson = <T = unknown>(f: FilesApp, url: string, token?: string) => send<T>(f.app, 'GET', url, token ? { token } : {});
export const postJson = <T = unknown>(f: FilesApp, url: string, json: unknown, token?: string) =>
  send<T>(f.app, 'POST', url, { json, ...(token ? { token } : {}) });

/** The bytes behind a signed address, as a browser's `<img>` would fetch them (no token). */
export async function fetchImage(f: FilesApp, url: string) {
  const res = await f.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), data: res.rawPayload };
}
