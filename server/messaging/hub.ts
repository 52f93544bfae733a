import type { WebSocket } from 'ws';
import type { AppContext } from '../context.ts';
import { SocketClose, type Message, type ServerFrame } from '../../src/contract/messaging.ts';
import { messagesByIds, unreadTotal } from './conversations.ts';
import { MESSAGING_NOTIFY_CHANNEL, type MessagingEvent } from './events.ts';
import { stillStaffOf, type Messenger } from './members.ts';

/** One open realtime connection of a signed-in tab. */
export interface Connection {
  ws: WebSocket;
  me: Messenger;
  /** The unread total this tab was last told. */
  lastUnread: number | null;
}

/** Unread totals are recomputed once per burst of messages, not once per message. */
const UNREAD_COALESCE_MS = 100;
/**
 * Who of a company's staff is still active is read at delivery, shared by the events of this long.
 * A switch-off also closes the recruiter's sockets at once through its own event.
 */
const STAFF_CHECK_MS = 250;

/**
 * The connections this process holds, by user and by company, and the delivery of every
 * process's events to them. Events come only through LISTEN (this process's own as well), so one
 * process or many behave the same.
 */
export class MessagingHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byCompany = new Map<string, Set<Connection>>();
  private readonly unreadTimers = new Map<string, NodeJS.Timeout>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly staffChecks = new Map<string, { at: number; users: string; active: Promise<Set<string>> }>();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    this.unlisten = await this.ctx.adapters.database.listen(MESSAGING_NOTIFY_CHANNEL, (payload) => {
      this.onEvent(payload).catch((err: unknown) => this.ctx.log.error({ err }, 'messaging event not delivered'));
    });
  }

  async stop(): Promise<void> {
    for (const t of this.unreadTimers.values()) clearTimeout(t);
    this.unreadTimers.clear();
    for (const set of this.byUser.values()) for (const c of set) c.ws.close(1001, 'Server closing');
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }

  add(conn: Connection): void {
    add(this.byUser, conn.me.userId, conn);
    if (conn.me.companyId) add(this.byCompany, conn.me.companyId, conn);
  }

  remove(conn: Connection): void {
    remove(this.byUser, conn.me.userId, conn);
    if (conn.me.companyId) remove(this.byCompany, conn.me.companyId, conn);
  }

  /** How many connections this process holds (for tests and logs). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private async onEvent(payload: string): Promise<void> {
    const event = JSON.parse(payload) as MessagingEvent;
    switch (event.t) {
      case 'revoke':
        this.staffChecks.clear();
        for (const c of [...(this.byUser.get(event.userId) ?? [])]) c.ws.close(SocketClose.forbidden, 'Messaging is no longer available');
        return;
      case 'unread':
        this.scheduleUnread(event.userId);
        return;
      case 'message': {
        const targets = await this.membersHere(event);
        if (!targets.length) return;
        const message: Message | undefined = event.message ?? (await messagesByIds(this.ctx.db, [event.id]))[0];
        if (!message) return;
        const frame: ServerFrame = { type: 'message', message };
        const others = new Set<string>();
        for (const c of targets) {
          send(c, frame);
          if (c.me.userId !== event.senderId) others.add(c.me.userId);
        }
        for (const userId of others) this.scheduleUnread(userId);
        return;
      }
      case 'typing':
      case 'read': {
        const targets = (await this.membersHere(event)).filter((c) => c.me.userId !== event.clientId);
        const frame: ServerFrame =
          event.t === 'typing'
            ? { type: 'typing', channelUrl: event.channelUrl, clientId: event.clientId, nickname: event.nickname }
            : { type: 'read', channelUrl: event.channelUrl, clientId: event.clientId, messageId: event.messageId };
        for (const c of targets) send(c, frame);
        return;
      }
    }
  }

  /**
   * This process's connections of the conversation's members: its applicant, and its company's
   * staff who are still active now (read at delivery, so a switched-off recruiter gets nothing).
   */
  private async membersHere(event: { seekerId: string; companyId: string }): Promise<Connection[]> {
    const seeker = [...(this.byUser.get(event.seekerId) ?? [])].filter((c) => c.me.role === 'JobSeeker');
    const staff = [...(this.byCompany.get(event.companyId) ?? [])];
    if (!staff.length) return seeker;
    const active = await this.activeStaff(event.companyId, [...new Set(staff.map((c) => c.me.userId))]);
    for (const c of staff) if (!active.has(c.me.userId)) c.ws.close(SocketClose.forbidden, 'Messaging is no longer available');
    return [...seeker, ...staff.filter((c) => active.has(c.me.userId))];
  }

  private activeStaff(companyId: string, userIds: string[]): Promise<Set<string>> {
    const users = userIds.sort().join(',');
    const now = Date.now();
    const cached = this.staffChecks.get(companyId);
    if (cached && cached.users === users && now - cached.at < STAFF_CHECK_MS) return cached.active;
    const active = stillStaffOf(this.ctx.db, companyId, userIds);
    this.staffChecks.set(companyId, { at: now, users, active });
    active.catch(() => this.staffChecks.delete(companyId));
    if (this.staffChecks.size > 1000) for (const [k, v] of this.staffChecks) if (now - v.at >= STAFF_CHECK_MS) this.staffChecks.delete(k);
    return active;
  }

  /** Tells the user's tabs their new unread total, once a burst of events has passed. */
  scheduleUnread(userId: string): void {
    if (this.unreadTimers.has(userId) || !this.byUser.get(userId)?.size) return;
    const timer = setTimeout(() => {
      this.unreadTimers.delete(userId);
      void this.sendUnread(userId).catch((err: unknown) => this.ctx.log.error({ err }, 'unread total not sent'));
    }, UNREAD_COALESCE_MS);
    timer.unref();
    this.unreadTimers.set(userId, timer);
  }

  private async sendUnread(userId: string): Promise<void> {
    const conns = [...(this.byUser.get(userId) ?? [])];
    if (!conns.length) return;
    const { unread } = await unreadTotal(this.ctx.db, conns[0]!.me);
    for (const c of conns) {
      if (c.lastUnread === unread) continue;
      c.lastUnread = unread;
      send(c, { type: 'unread', unread });
    }
  }
}

export function send(c: Connection, frame: ServerFrame): void {
  if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(frame));
}

function add<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) {
  const set = map.get(key) ?? new Set<Connection>();
  set.add(conn);
  map.set(key, set);
}

function remove<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (!set.size) map.delete(key);
}
