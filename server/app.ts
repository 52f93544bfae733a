import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { checkedValidatorCompiler } from './http/storable-text.ts';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Adapters } from './adapters.ts';
import { fail } from './http/envelope.ts';
import { serializerCompiler } from './http/serializer.ts';
import { compressAnswers } from './http/compression.ts';
import { loadPageRenderer, prerenderedPages, withPublicUrl } from './http/static.ts';
import { HttpError } from './http/errors.ts';
import { createContext } from './context.ts';
import { loggerOptions, logRequests } from './logging.ts';
import { connectAreas, registerRoutes } from './routes.ts';
import { jobPageSources, serverPage } from './jobs/index.ts';
import { mayStillAct } from './account/index.ts';
import { MAX_UPLOAD_BYTES } from '../src/contract/files.ts';
import { describeOutcomeCodes } from '../src/contract/outcome-code-meanings.ts';
import { MAX_FRAME_BYTES } from './messaging/index.ts';

export const SERVER_ERROR_MESSAGE = 'Something went wrong!!!';

export async function buildApp(
  config: Config,
  adapters: Adapters,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** Sees every route as it is registered; tests compare the app's routes with the contract. */
    onRoute?: (route: RouteOptions) => void;
  } = {},
) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Fastify's two lines per request give way to the one logRequests writes.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every request's fields pass the storable-text check before the endpoint's own schema.
  app.setValidatorCompiler(checkedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = createContext(config, adapters, app.log);
  connectAreas(ctx);
  app.decorate('ctx', ctx);
  app.decorateRequest('caller', null);
  // Counts (impressions…) reach their table every few seconds, and once more as the app closes.
  app.addHook('onReady', async () => ctx.counters.start());
  app.addHook('onClose', async () => ctx.counters.stop());
  logRequests(app);

  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await ctx.tokens.verify(header.slice(7).trim());
    // A deleted or deactivated account is signed out at once, whatever its token says (checked here,
    // or by the handler's own read of the account where the route says so).
    if (claims && req.routeOptions.config?.handlerChecksAccount) req.caller = claims;
    else req.caller = claims && (await mayStillAct(ctx.db, claims.userId)) ? claims : null;
  });

  app.addHook('onSend', async (req, res, payload) => {
    res.header('X-Content-Type-Options', 'nosniff');
    res.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!req.url.startsWith('/api/docs')) res.header('X-Frame-Options', 'DENY');
    // API answers are private and fresh unless a route says otherwise (public lookups, signed image addresses).
    if (req.url.startsWith('/api/') && !res.hasHeader('Cache-Control')) res.header('Cache-Control', 'no-store');
    return payload;
  });

  compressAnswers(app);

  app.setErrorHandler((err, req, res) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fieldErrors[field] ??= issue.message ?? 'Invalid value';
      }
      const errors = [...new Set(Object.values(fieldErrors))];
      return res.code(400).send(fail(400, errors[0] ?? 'Invalid request', errors, { fieldErrors, code: 'request.invalid' }));
    }
    if (err instanceof HttpError) {
      if (err.status === 429) res.header('Retry-After', '60');
      return res.code(err.status).send(fail(err.status, err.message, err.options.errors ?? [err.message], err.options));
    }
    const status = typeof (err as { statusCode?: number }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to name.
      return res.code(status).send(fail(status, (err as Error).message));
    }
    req.log.error({ err }, 'request failed');
    return res.code(500).send(fail(500, SERVER_ERROR_MESSAGE));
  });

  describeOutcomeCodes();
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Job Marketplace API', version: '1.0.0', description: 'Every call of the job marketplace.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Multipart bodies are read by the upload routes themselves (server/http/upload.ts), after auth,
  // with each endpoint's limits; these are the strict defaults.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 20 },
  });

  // The realtime messaging connection (server/messaging/socket.ts): small frames only.
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  await app.register(async (api) => registerRoutes(api, ctx));

  const clientDir = config.clientDir;
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = !!indexHtml && fs.existsSync(indexHtml);
  const indexText = hasClient ? fs.readFileSync(indexHtml!, 'utf8') : '';
  const pagePolicy = hasClient ? contentSecurityPolicy(indexText) : '';
  const pages = hasClient ? prerenderedPages(clientDir!) : new Map<string, string>();
  // A job's page: drawn per job by the app's server rendering; else the prerendered layout with the
  // job loading. Its head is written per job either way.
  const jobShellFile = pages.get('/jobs/:id');
  const jobShell = jobShellFile ? fs.readFileSync(path.join(clientDir!, jobShellFile), 'utf8') : indexText;
  const jobPage = jobPageSources(indexText, jobShell, hasClient ? await loadPageRenderer(clientDir!) : null);
  // A prerendered page names its own address in its head (canonical, Open Graph): the build leaves
  // the site's address to the server, which knows it. Read once per page, then kept.
  const pageTexts = new Map<string, string>();
  const prerenderedText = (file: string) => {
    let text = pageTexts.get(file);
    if (text === undefined) {
      text = withPublicUrl(fs.readFileSync(path.join(clientDir!, file), 'utf8'), config.publicUrl);
      pageTexts.set(file, text);
    }
    return text;
  };
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside every text file; the one the browser accepts is sent.
      preCompressed: true,
      // Source maps stay on the server (error reports can use them); the public is not sent them.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders(res, filePath) {
        // Hashed build assets never change; the page itself must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, res) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return res.code(404).send(fail(404, 'Not found.'));
    }
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url)) {
      // Pages whose head the server writes for search engines and link previews (a job's title and data).
      const page = await serverPage(ctx, url, jobPage);
      if (page) {
        return res
          .code(page.status)
          .header('Cache-Control', 'no-cache')
          .header('Content-Security-Policy', pagePolicy)
          .type('text/html; charset=utf-8')
          .send(page.html);
      }
      // A public page prerendered at build, its content in the HTML; the browser hydrates it.
      const prerendered = pages.get(url.length > 1 ? url.replace(/\/+$/, '') : url);
      if (prerendered) {
        return res
          .header('Cache-Control', 'no-cache')
          .header('Content-Security-Policy', pagePolicy)
          .type('text/html; charset=utf-8')
          .send(prerenderedText(prerendered));
      }
      // History fallback: the SPA's router decides what the path shows, its 404 page included.
      return res.header('Cache-Control', 'no-cache').header('Content-Security-Policy', pagePolicy).sendFile('index.html');
    }
    return res.code(404).type('text/plain').send('Not found');
  });

  return app;
}

/** The page may run only its own scripts: the bundle, and the inline theme script by its hash. */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
