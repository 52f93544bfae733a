import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty, { type MessageFormatFunc } from 'pino-pretty';
import type { Config } from './config.ts';

const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'];

/** Fields of the one line written per request. */
interface RequestLine {
  method: string;
  path: string;
  status: number;
  ms: number;
}

const LEVELS: Record<number, { label: string; color: 'gray' | 'blue' | 'green' | 'yellow' | 'red' | 'magenta' }> = {
  10: { label: 'TRACE', color: 'gray' },
  20: { label: 'DEBUG', color: 'blue' },
  30: { label: 'INFO', color: 'green' },
  40: { label: 'WARN', color: 'yellow' },
  50: { label: 'ERROR', color: 'red' },
  60: { label: 'FATAL', color: 'magenta' },
};

const clock = (epochMs: number) => new Date(epochMs).toTimeString().slice(0, 8);
const isRequestLine = (log: Record<string, unknown>): log is Record<string, unknown> & RequestLine =>
  typeof log.method === 'string' && typeof log.path === 'string' && typeof log.status === 'number';

/** `12:01:53 INFO  GET /api/Account/Login 200 12 ms`; other fields (an error's stack) follow on their own lines. */
const readableLine: MessageFormatFunc = (log, messageKey, _levelLabel, { colors }) => {
  const level = LEVELS[log.level as number] ?? { label: String(log.level), color: 'gray' as const };
  const text = isRequestLine(log)
    ? `${log.method} ${log.path} ${log.status} ${log.ms} ms`
    : `${String(log[messageKey] ?? '')}${typeof log.reqId === 'string' ? ` (${log.reqId})` : ''}`;
  return `${colors.gray(clock(log.time as number))} ${colors[level.color](level.label.padEnd(5))} ${text}`;
};

/**
 * The app's logger: one JSON object per line for log collectors (production), or readable lines
 * for a person at a terminal (local mode). The pretty stream is synchronous, in this process, so
 * no line is lost when the process exits. `destination` is for tests; stdout otherwise.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  const base = { level: config.logLevel, redact: REDACT };
  if (config.logFormat === 'json') return destination ? { ...base, stream: destination } : base;
  return {
    ...base,
    stream: pretty({
      sync: true,
      destination: destination ?? 1,
      // Colours only on a terminal: a captured stream gets plain text.
      ...(destination ? { colorize: false } : {}),
      ignore: 'time,level,pid,hostname,reqId,method,path,status,ms',
      messageFormat: readableLine,
    }),
  };
}

/**
 * One line per request, once it is answered, in place of Fastify's two. The path is logged
 * without its query string: query strings can carry tokens and email addresses.
 */
export function logRequests(app: FastifyInstance) {
  // At debug level, when a request arrives too: a request that never finishes still shows.
  app.addHook('onRequest', async (req) => {
    req.log.debug(`received ${req.method} ${req.url.split('?')[0] ?? '/'}`);
  });
  app.addHook('onResponse', async (req, res) => {
    const line: RequestLine = {
      method: req.method,
      path: req.url.split('?')[0] ?? '/',
      status: res.statusCode,
      ms: Math.round(res.elapsedTime * 10) / 10,
    };
    req.log.info(line, 'request');
  });
}
