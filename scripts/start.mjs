// `npm start`: builds the SPA when it is missing or older than its sources, then serves SPA + API in one process.
import path from 'node:path';
import { ensureBuilt, root } from './lib/build.mjs';

const status = ensureBuilt();
if (status !== 0) process.exit(status);

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server/main.ts'));
