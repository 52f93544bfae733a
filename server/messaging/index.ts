// Messaging between a company's staff and seekers, live over sockets.
// What the area offers the rest of the server: nothing outside it imports its other files.

import type { AppContext } from '../context.ts';
import { revokeMessaging } from './events.ts';

export { messagingRoutes } from './routes.ts';
export { seedDemoConversations } from './demo.ts';
export { MAX_FRAME_BYTES } from './socket.ts';

/** What the messaging area does when other areas tell it something. */
export function listenForMessaging(ctx: AppContext): void {
  // A recruiter switched off or removed loses their open conversations at once, in every process.
  ctx.events.on('staff.revoked', ({ userId }) => revokeMessaging(ctx, userId));
}
