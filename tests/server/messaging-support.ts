import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../../src/contract/envelope.ts';
import {
  MESSAGING_SOCKET_PATH,
  serverFrameSchema,
  type ClientFrame,
  type ConversationPage,
  type Message,
  type MessageInitResponse,
  type MessagingInfo,
  type MessagingPostsPage,
  type MessagingSession,
  type ServerFrame,
  type ThreadPage,
  type UnreadCount,
} from '../../src/contract/messaging.ts';
import { allowAll } from './account-support.ts';
import { applicantsApp } from './applicants-support.ts';
import type { FilesApp } from './files-support.ts';
import { expectOk, type Answer, type Caller } from './jobs-support.ts';

export { expectOk, expectRefused } from './jobs-support.ts';
export type { Answer, Caller };

async function inject<T>(
  f: FilesApp,
  method: 'GET' | 'POST',
  url: string,
  caller: Caller,
  json?: unknown,
  raw?: string,
): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: {
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { payload: json as object } : {}),
    ...(raw !== undefined ? { payload: raw } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : {}) as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

type Prefix = 'Recruiter' | 'JobSeeker';

/** Every messaging call, as a page would make it. */
export function messagingCalls(f: FilesApp) {
  const channel = (url: string) => `/api/messaging/channels/${encodeURIComponent(url)}`;
  return {
    info: (c: Caller, prefix: Prefix = 'Recruiter') => inject<MessagingInfo>(f, 'GET', `/api/${prefix}/messaging-info`, c),
    session: (c: Caller, prefix: Prefix = 'Recruiter') => inject<MessagingSession>(f, 'GET', `/api/${prefix}/messaging-session`, c),
    init: (c: Caller, body: unknown, path: 'message-init' | 'messaging-applicant' = 'message-init') =>
      inject<MessageInitResponse>(f, 'POST', `/api/Recruiter/${path}`, c, body),
    applicants: (c: Caller, body: unknown = {}) => inject<ConversationPage>(f, 'POST', '/api/Recruiter/message-applicants', c, body),
    posts: (c: Caller, body: unknown = {}) => inject<MessagingPostsPage>(f, 'POST', '/api/Recruiter/messaging-posts', c, body),
    list: (c: Caller, body: unknown = {}) => inject<ConversationPage>(f, 'POST', '/api/JobSeeker/messaging-list', c, body),
    thread: (c: Caller, url: string, before?: number | string) =>
      inject<ThreadPage>(f, 'GET', `${channel(url)}/messages${before !== undefined ? `?before=${before}` : ''}`, c),
    send: (c: Caller, url: string, body: unknown) => inject<Message>(f, 'POST', `${channel(url)}/messages`, c, body),
    sendRaw: (c: Caller, url: string, raw: string) => inject<Message>(f, 'POST', `${channel(url)}/messages`, c, undefined, raw),
    read: (c: Caller, url: string, body: unknown) => inject<UnreadCount>(f, 'POST', `${channel(url)}/read`, c, body),
    unread: (c: Caller) => inject<UnreadCount>(f, 'GET', '/api/messaging/unread', c),
  };
}

/**
 * The applicants world (companies X and Y, seekers A and B) with applications to message about:
 * A applied to X's "Warehouse Associate" and "Forklift Operator" and to Y's "Barista"; B applied to
 * X's "Warehouse Associate". Sending is not rate limited unless the options give a limiter.
 */
export async function messagingApp(options: Parameters<typeof applicantsApp>[0] = {}) {
  const t = await applicantsApp({ ...options, adapters: { rateLimiter: allowAll, ...options.adapters } });
  const warehouse = await t.jobs.create('Warehouse Associate');
  const forklift = await t.jobs.create('Forklift Operator');
  const barista = await t.jobs.create('Barista', {}, { company: 'y' });
  const apps = {
    aWarehouse: await t.applyTo('seekerA', warehouse),
    aForklift: await t.applyTo('seekerA', forklift),
    aBarista: await t.applyTo('seekerA', barista),
    bWarehouse: await t.applyTo('seekerB', warehouse),
  };
  const calls = messagingCalls(t.f);

  /** Opens the conversation as the company's recruiter (or employer for Y) and answers its url. */
  async function open(applicationId: string, jobPostId: string, as: Caller = t.w.recruiterX): Promise<string> {
    return expectOk(await calls.init(as, { applicantId: applicationId, jobPostId })).url;
  }

  /** Sends a message and answers it. */
  async function say(c: Caller, url: string, text: string): Promise<Message> {
    return expectOk(await calls.send(c, url, { clientMessageId: randomUUID(), text }), 201);
  }

  return { ...t, jobsOf: { warehouse, forklift, barista }, apps, calls, open, say, messaging: calls };
}

export type MessagingWorld = Awaited<ReturnType<typeof messagingApp>>;

// ---------- the realtime connection ----------

/** A socket client that keeps every frame it receives and waits for the ones a test expects. */
export interface SocketClient {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: ClientFrame | Record<string, unknown> | string): void;
  /** The first frame (from `from` on) that matches; fails after `ms`. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (f: Extract<ServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** The close code, once closed. */
  closed: Promise<number>;
  close(): Promise<void>;
}

export async function connectSocket(baseUrl: string): Promise<SocketClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${MESSAGING_SOCKET_PATH}`);
  const frames: ServerFrame[] = [];
  const waiters: Array<() => void> = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => {
    frames.push(serverFrameSchema.parse(JSON.parse(String(data))));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send(frame) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    async next(type, match = () => true, ms = 5000) {
      const deadline = Date.now() + ms;
      type F = Extract<ServerFrame, { type: typeof type }>;
      for (;;) {
        const found = frames.find((f): f is F => f.type === type && match(f as F));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** Signs the caller in on a socket: session, hello, ready. */
export async function signedInSocket(
  w: MessagingWorld,
  baseUrl: string,
  caller: Caller,
  lastMessageId: number | null = null,
  prefix: Prefix = caller.label.startsWith('seeker') ? 'JobSeeker' : 'Recruiter',
): Promise<SocketClient> {
  const session = expectOk(await w.calls.session(caller, prefix));
  const socket = await connectSocket(baseUrl);
  socket.send({ type: 'hello', sessionToken: session.sessionToken, lastMessageId });
  const ready = await socket.next('ready');
  expect(ready.clientId).toBe(caller.id);
  return socket;
}

/** Listens on a free port of this machine; answers the base address. */
export async function listening(app: FilesApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Waits a little for events that should not come. */
export const quietFor = (ms: number) => new Promise((r) => setTimeout(r, ms));
