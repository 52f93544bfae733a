import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MetricsMessages } from '../../src/contract/metrics.ts';
import { ApiError, configureHttp } from '../../src/services/http.ts';
import { browserTimeZone, metricsService } from '../../src/services/metrics.ts';
import {
  demoEmployerMetrics,
  demoJob,
  demoJobMetrics,
  demoPerformance,
  STORY_TODAY,
} from '../../src/views/metrics/metrics-stories-support.ts';

/** A real HTTP server answering the metrics calls with canned envelopes; it records what it was asked. */
let server: http.Server;
let base: string;
const seen: Array<{ method: string; url: string; body: unknown }> = [];
let answer: { status: number; data: unknown; errors?: string[] } = { status: 200, data: null };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: body ? JSON.parse(body) : null });
      const errors = answer.errors ?? [];
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: answer.data,
          state: { status: answer.status, hasError: answer.status >= 400, hasData: answer.data !== null, errors },
          success: answer.status < 400,
          message: errors[0] ?? '',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let notices: string[];
beforeEach(() => {
  notices = [];
  seen.length = 0;
  configureHttp({ baseURL: base, getToken: () => 'token-1', onUnauthorized: () => {}, notify: (m) => notices.push(m) });
});

const week = { startDate: '2025-03-06', endDate: STORY_TODAY };

describe('the metrics calls', () => {
  it('post job-metrics under the Recruiter prefix with the range and the browser’s time zone', async () => {
    answer = { status: 200, data: demoJobMetrics(week) };
    const result = await metricsService.jobMetrics({ jobPostId: demoJob.id, ...week });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/Recruiter/job-metrics', body: { jobPostId: demoJob.id, ...week, timeZone: browserTimeZone() } },
    ]);
    expect(result.data.points).toHaveLength(7);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('send the zone they are given, for employer-metrics and jobposts-performance too', async () => {
    answer = { status: 200, data: demoEmployerMetrics(week) };
    await metricsService.employerMetrics(week, { timeZone: 'America/Los_Angeles' });
    answer = { status: 200, data: demoPerformance(STORY_TODAY) };
    await metricsService.performance({ date: STORY_TODAY, pageNumber: 2, pageSize: 10 }, { timeZone: 'Europe/Berlin' });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/Recruiter/employer-metrics', body: { ...week, timeZone: 'America/Los_Angeles' } },
      {
        method: 'POST',
        url: '/api/Recruiter/jobposts-performance',
        body: { date: STORY_TODAY, pageNumber: 2, pageSize: 10, timeZone: 'Europe/Berlin' },
      },
    ]);
  });

  it('hand the answer’s state errors to the page, without a toast of their own, for a refusal and a server failure', async () => {
    for (const status of [400, 404, 500]) {
      answer = { status, data: null, errors: [MetricsMessages.endDate, MetricsMessages.timeZone] };
      const error = await metricsService.employerMetrics(week).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors).toEqual([MetricsMessages.endDate, MetricsMessages.timeZone]);
    }
    expect(notices).toEqual([]);
  });
});
