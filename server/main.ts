import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAdapters } from './adapters.ts';
import { buildApp } from './app.ts';
import { onFirstStart } from './seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const adapters = await createAdapters(config, database);
  const app = await buildApp(config, adapters);
  await onFirstStart(app.ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await adapters.rateLimiter.close?.();
      await database.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(`Job Marketplace is ready at ${config.publicUrl} (database: ${where})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
