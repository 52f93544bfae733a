import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { contactMessages, users } from '../db/schema.ts';
import { route } from '../http/route.ts';
import * as ep from '../../src/contract/admin.ts';
import type { ContactMessageList } from '../../src/contract/admin.ts';
import { personOf } from './companies.ts';

/**
 * The messages of the public contact form, newest first (ties by id, so paging stays stable), with
 * the account that sent each one while it exists. Read-only: replies go by email.
 */
export async function listContactMessages(db: Db, query: z.output<typeof ep.contactMessagesQuerySchema>): Promise<ContactMessageList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ message: contactMessages, account: users })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.userId))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(contactMessages),
  ]);
  return {
    messages: rows.map(({ message: m, account }) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      account: account ? { ...personOf(account), role: account.role } : null,
      createdAt: m.createdAt.toISOString(),
    })),
    totalCount: Number(counted?.n ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/** ContactMessages: the SuperAdmin's alone; route() refuses anyone else (403; 401 signed out) before reading the request. */
export function contactAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ep.contactMessageList, async ({ query }) => listContactMessages(ctx.db, query));
}
