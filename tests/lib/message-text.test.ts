import { describe, expect, it, vi } from 'vitest';
import { linkParts, messageAge, messageDay } from '../../src/lib/message-text.ts';
import { messagingSocketUrl, openMessagingSocket, PING_EVERY_MS, type SocketLike } from '../../src/services/messaging-socket.ts';
import { invalidAs } from '../../src/services/messaging.ts';
import { ApiError } from '../../src/services/http.ts';

describe('message text', () => {
  it('makes only http and https addresses links, leaving the sentence’s punctuation outside', () => {
    expect(linkParts('See https://example.com/jobs?id=1. Or (https://en.wikipedia.org/wiki/Nurse_(role)) now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/jobs?id=1', href: 'https://example.com/jobs?id=1' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Nurse_(role)', href: 'https://en.wikipedia.org/wiki/Nurse_(role)' },
      { kind: 'text', text: ') now' },
    ]);
    expect(linkParts('javascript:alert(1) data:text/html,<b>x</b> ftp://x.example')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,<b>x</b> ftp://x.example' },
    ]);
    expect(linkParts('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('heads each day of a conversation with Today, Yesterday or its date, in the reader’s own day', () => {
    const now = new Date(2026, 2, 14, 0, 30);
    expect(messageDay(new Date(2026, 2, 14, 0, 5).toISOString(), now)).toBe('Today');
    expect(messageDay(new Date(2026, 2, 13, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(messageDay(new Date(2026, 2, 13, 0, 0).toISOString(), now)).toBe('Yesterday');
    expect(messageDay(new Date(2026, 2, 12, 23, 59).toISOString(), now)).toBe('03-12-2026');
    expect(messageDay(new Date(2025, 11, 31, 12).toISOString(), now)).toBe('12-31-2025');
    expect(messageDay('not a date', now)).toBe('');
  });

  it('tells a message’s age in minutes under an hour, hours under a day, else the date (spec 2 §9)', () => {
    const now = new Date('2026-03-14T12:00:00Z');
    expect(messageAge('2026-03-14T11:59:40Z', now)).toBe('Just now');
    expect(messageAge('2026-03-14T11:59:00Z', now)).toBe('1 minute ago');
    expect(messageAge('2026-03-14T11:01:00Z', now)).toBe('59 minutes ago');
    expect(messageAge('2026-03-14T11:00:00Z', now)).toBe('1 hour ago');
    expect(messageAge('2026-03-13T12:00:01Z', now)).toBe('23 hours ago');
    expect(messageAge('2026-03-13T11:00:00Z', now)).toMatch(/^03-13-2026$/);
  });
});

describe('the messaging socket', () => {
  function fakeSocket() {
    const ws: SocketLike & { sent: string[]; urls: string[]; closedWith: number | null } = {
      readyState: 0,
      sent: [],
      urls: [],
      closedWith: null,
      send(data) {
        this.sent.push(data);
      },
      close(code) {
        this.closedWith = code ?? null;
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    return ws;
  }

  it('lives on the API’s origin, wss: for an https: page', () => {
    expect(messagingSocketUrl('https://jobs.example.com/user/messaging')).toBe('wss://jobs.example.com/api/messaging/socket');
    expect(messagingSocketUrl('http://localhost:3000/')).toBe('ws://localhost:3000/api/messaging/socket');
  });

  it('says hello with the session and the newest id seen, passes on valid frames only, and reports the close code', () => {
    const ws = fakeSocket();
    const frames: unknown[] = [];
    const codes: number[] = [];
    const socket = openMessagingSocket(
      { sessionToken: 't', lastMessageId: 41 },
      { onFrame: (f) => frames.push(f), onClose: (c) => codes.push(c) },
      (url) => {
        ws.urls.push(url);
        return ws;
      },
    );
    ws.readyState = 1;
    ws.onopen!({});
    expect(JSON.parse(ws.sent[0]!)).toEqual({ type: 'hello', sessionToken: 't', lastMessageId: 41 });
    ws.onmessage!({ data: JSON.stringify({ type: 'ready', clientId: 'u', unread: 2 }) });
    ws.onmessage!({ data: JSON.stringify({ type: 'message', message: { id: 'not a number' } }) });
    ws.onmessage!({ data: 'not json' });
    expect(frames).toEqual([{ type: 'ready', clientId: 'u', unread: 2 }]);
    socket.send({ type: 'typing', channelUrl: 'ch' });
    expect(JSON.parse(ws.sent[1]!)).toEqual({ type: 'typing', channelUrl: 'ch' });
    ws.onclose!({ code: 4401 });
    expect(codes).toEqual([4401]);
  });

  it('pings while open, so a quiet connection is kept, and stops when it closes', () => {
    vi.useFakeTimers();
    try {
      const ws = fakeSocket();
      openMessagingSocket({ sessionToken: 't', lastMessageId: null }, { onFrame: () => undefined, onClose: () => undefined }, () => ws);
      ws.readyState = 1;
      ws.onopen!({});
      vi.advanceTimersByTime(PING_EVERY_MS * 2);
      expect(ws.sent.slice(1).map((d) => JSON.parse(d))).toEqual([{ type: 'ping' }, { type: 'ping' }]);
      ws.onclose!({ code: 1006 });
      vi.advanceTimersByTime(PING_EVERY_MS * 2);
      expect(ws.sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes quietly when the machine ends it', () => {
    const ws = fakeSocket();
    const codes: number[] = [];
    const socket = openMessagingSocket(
      { sessionToken: 't', lastMessageId: null },
      { onFrame: () => undefined, onClose: (c) => codes.push(c) },
      () => ws,
    );
    socket.close();
    expect(ws.closedWith).toBe(1000);
    expect(codes).toEqual([]);
  });
});

describe('invalid answers', () => {
  it('are told in the product’s words for each call; other failures pass through', () => {
    expect(() =>
      invalidAs('Invalid response from messages-list API')(new ApiError('invalid-response', 200, 'An unexpected error occurred.')),
    ).toThrow('Invalid response from messages-list API');
    const down = new ApiError('server', 500, 'Something went wrong!!!');
    expect(() => invalidAs('x')(down)).toThrow(down);
  });
});
