import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { keepStreamOpen, parseEvents, reconnectDelayMs } from './event-stream';

describe('parseEvents', () => {
  it('splits complete events, keeps the unfinished rest, skips comments and retry', () => {
    const { events, rest } = parseEvents(
      ': heartbeat\n\nretry: 3000\nevent: ready\ndata: {"unreadCount":2}\n\nevent: notification\nid: 7\ndata: {"a":\ndata: 1}\n\nevent: notif',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{"unreadCount":2}' },
      { event: 'notification', id: '7', data: '{"a":\n1}' },
    ]);
    expect(rest).toBe('event: notif');
    // The rest completed by the next chunk; CRLF line ends too.
    expect(parseEvents(`${rest}ication\r\ndata: x\r\n\r\n`).events).toEqual([{ event: 'notification', data: 'x' }]);
  });

  it('an event without data is not an event (a heartbeat is not mistaken for one)', () => {
    expect(parseEvents('event: ready\n\n: heartbeat\n\n').events).toEqual([]);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, within ±20 % jitter', () => {
    expect([1, 2, 3, 4, 6, 10].map((n) => reconnectDelayMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 30000, 30000]);
    expect(reconnectDelayMs(1, () => 0)).toBe(800);
    expect(reconnectDelayMs(1, () => 1)).toBe(1200);
  });
});

describe('keepStreamOpen', () => {
  afterEach(() => vi.useRealTimers());

  it('reconnects after a failure, and stops for good on 403', async () => {
    const statuses = [500, 200, 403];
    let calls = 0;
    server.use(
      http.get('/api/v1/test/stream', ({ request }) => {
        expect(request.headers.get('accept')).toBe('text/event-stream');
        const status = statuses[Math.min(calls++, statuses.length - 1)]!;
        if (status !== 200) return HttpResponse.json({ success: false, message: 'no' }, { status });
        // One event, then the server closes the stream (e.g. it restarts).
        return new HttpResponse('event: ready\ndata: {}\n\n', { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const waits: number[] = [];
    const timers = {
      setTimeout: ((fn: () => void, ms: number) => {
        waits.push(ms);
        return setTimeout(fn, 0);
      }) as unknown as typeof setTimeout,
      clearTimeout,
    };
    const events: string[] = [];
    const states: string[] = [];
    keepStreamOpen('/test/stream', { onEvent: (e) => events.push(e.event), onStateChange: (s) => states.push(s) }, timers);
    await vi.waitFor(() => expect(states.at(-1)).toBe('stopped'));
    expect(calls).toBe(3);
    expect(events).toEqual(['ready']);
    expect(states).toEqual(['retrying', 'open', 'retrying', 'stopped']);
    // The failure count starts over once a stream opened: both waits are the first step's (1 s ± 20 %).
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeLessThanOrEqual(1200);
  });
});
