import { MESSAGING_SOCKET_PATH, serverFrameSchema, type ClientFrame, type ServerFrame } from '../contract/messaging.ts';
import { apiUrl } from './http.ts';

/** The realtime connection's address: the API's origin with ws: or wss: (as the page is http: or https:). */
export function messagingSocketUrl(base: string = typeof location === 'undefined' ? 'http://localhost/' : location.href): string {
  const url = new URL(apiUrl(MESSAGING_SOCKET_PATH), base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface SocketHandlers {
  /** A frame from the server, checked against the contract; frames that fail it are dropped. */
  onFrame(frame: ServerFrame): void;
  /** The connection ended (or never opened), with its close code (1006 when none was given). */
  onClose(code: number): void;
}

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface MessagingSocket {
  send(frame: ClientFrame): void;
  close(): void;
}

const OPEN = 1;
/** A ping this often keeps proxies from closing a quiet connection. */
export const PING_EVERY_MS = 25_000;

/**
 * Opens the realtime connection and says `hello` as soon as it is open. Small on purpose: the
 * connection machine decides when to connect, reconnect or stop, so this only moves frames.
 */
export function openMessagingSocket(
  hello: { sessionToken: string; lastMessageId: number | null },
  handlers: SocketHandlers,
  create: (url: string) => SocketLike = (url) => new WebSocket(url) as unknown as SocketLike,
): MessagingSocket {
  const ws = create(messagingSocketUrl());
  let closed = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  const finish = (code: number) => {
    clearInterval(ping);
    if (closed) return;
    closed = true;
    handlers.onClose(code);
  };
  const send = (frame: ClientFrame) => {
    if (ws.readyState === OPEN) ws.send(JSON.stringify(frame));
  };
  ws.onopen = () => {
    send({ type: 'hello', sessionToken: hello.sessionToken, lastMessageId: hello.lastMessageId });
    ping = setInterval(() => send({ type: 'ping' }), PING_EVERY_MS);
  };
  ws.onmessage = (ev) => {
    if (typeof ev.data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(ev.data);
    } catch {
      return;
    }
    const parsed = serverFrameSchema.safeParse(raw);
    if (parsed.success) handlers.onFrame(parsed.data);
  };
  ws.onclose = (ev) => finish(ev.code || 1006);
  // An error is always followed by close; nothing to do here.
  ws.onerror = () => undefined;
  return {
    send,
    close: () => {
      closed = true;
      clearInterval(ping);
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close(1000);
      } catch {
        /* already closed */
      }
    },
  };
}
