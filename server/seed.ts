import type { AppContext } from './app.ts';

/** Work done once when the server starts on a database: demo accounts on an empty one. */
export async function onFirstStart(ctx: AppContext): Promise<void> {
  void ctx;
}
