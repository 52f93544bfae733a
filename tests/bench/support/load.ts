import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** The p-th percentile of the samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The machine's load averages (1, 5 and 15 minutes), printed beside every figure: the machine is shared. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export interface LoadResult {
  /**
   * Each request's time to the last byte of its answer, ms, in the order sent: from its sending, or
   * with a `rate`, from the moment the schedule meant to send it.
   */
  latencies: number[];
  elapsed: number;
  errors: number;
  firstError: string | null;
  /** The times of trivial requests sent every 10 ms meanwhile. */
  probes: number[];
  /** How busy the load client's thread was (0 to 1): it shares the machine's cores with the server. */
  clientBusy: number;
  /** With a `rate`: the latest a request was sent after its scheduled moment, ms (the client keeping up). */
  sendLagMax: number;
}

export interface Load {
  /** Where each body is POSTed as JSON (with `method: 'GET'`, the address each query string is added to). */
  url: string;
  /** A bearer token sent with each request. */
  token: string;
  /** POST bodies, or with `method: 'GET'` query strings ("?search=…"). */
  bodies: unknown[];
  /** POST (the default) or GET. */
  method?: 'GET' | 'POST';
  /**
   * Closed loop (saturation): requests in flight at once, each loop sending its next request when
   * the answer to its last has come. With a `rate`: the most connections opened, a request sent
   * while all are busy waiting for one (its wait counted in its time).
   */
  concurrency: number;
  /**
   * Open loop (latency at a fixed arrival rate): requests a second, sent on schedule whatever the
   * answers take, each timed from its scheduled moment.
   */
  rate?: number;
  /**
   * With a `rate`: arrivals as a Poisson process (exponential gaps, from this seed), as independent
   * users send them, instead of evenly spaced.
   */
  poissonSeed?: number;
  /** A cheap GET address sent every 10 ms beside the load; none without. */
  probeUrl?: string;
}

// The load client, in a worker thread so its own work does not run on the server's thread:
// `concurrency` loops sending the requests in turn, or with a `rate` the requests sent on schedule,
// over kept-alive connections (node:http, lighter than fetch: the client shares the machine's cores
// with the server), and a probe.
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, bodies, concurrency, rate, probeUrl, method, poissonSeed } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 1 });
// A browser's user agent: the server counts what people see, never what bots or bare scripts load.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// A GET of the load carries the token; the probe's does not.
const send = (target, body, authorized = false) => new Promise((resolve, reject) => {
  const headers = body === undefined ? { 'user-agent': userAgent, ...(authorized ? { authorization: 'Bearer ' + token } : {}) } : { 'user-agent': userAgent, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + token };
  const req = http.request(target, { method: body === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    res.on('error', reject);
  });
  req.on('error', reject);
  req.end(body);
});
(async () => {
  const latencies = new Array(bodies.length);
  let next = 0, errors = 0, firstError = null, probing = Boolean(probeUrl), sendLagMax = 0;
  const probes = [];
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      await send(probeUrl);
      probes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  const busy0 = performance.eventLoopUtilization();
  const request = (i) => method === 'GET' ? send(url + bodies[i], undefined, true) : send(url, JSON.stringify(bodies[i]));
  const answered = (i, t, res) => {
    latencies[i] = performance.now() - t;
    if (res.status !== 200) { errors++; firstError ??= res.status + ' ' + res.text.slice(0, 300); }
  };
  if (rate) {
    // Open loop: request i is due at t0 + i / rate (or at the Poisson process's i-th arrival), sent
    // then whatever the earlier ones take.
    let seed = poissonSeed >>> 0;
    const uniform = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
    let at = 0;
    const sent = [];
    for (let i = 0; i < bodies.length; i++) {
      const due = t0 + (poissonSeed === undefined ? (i * 1000) / rate : at);
      if (poissonSeed !== undefined) at += (-Math.log(uniform()) * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sendLagMax = Math.max(sendLagMax, performance.now() - due);
      sent.push(request(i).then((res) => answered(i, due, res)));
    }
    await Promise.all(sent);
  } else {
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const i = next++;
        const t = performance.now();
        answered(i, t, await request(i));
      }
    }));
  }
  const elapsed = performance.now() - t0;
  const clientBusy = performance.eventLoopUtilization(busy0).utilization;
  probing = false;
  await probe;
  agent.destroy();
  parentPort.postMessage({ latencies, elapsed, errors, firstError, probes, clientBusy, sendLagMax });
})().catch((e) => parentPort.postMessage({ fatal: String(e && e.stack || e) }));
`;

/** Sends the load from a worker thread; fails when any request failed or the client could not run. */
export async function sendLoad(load: Load): Promise<LoadResult> {
  const worker = new Worker(CLIENT, { eval: true, workerData: load });
  try {
    const result = await new Promise<LoadResult & { fatal?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (result.fatal) throw new Error(result.fatal);
    if (result.errors) throw new Error(`${load.url}: ${result.errors} requests failed, first: ${result.firstError}`);
    return result;
  } finally {
    await worker.terminate();
  }
}
