import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { jobAlertSubscriptions } from '../db/schema.ts';
import { sha256 } from '../account/index.ts';
import { ALERT_PERIOD_DAYS } from '../../src/contract/job-alerts.ts';
import { unsubscribeTokenOf } from './alerts.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo job seeker's job alerts, so their settings list some: a daily one near the demo city,
 * confirmed a few days ago and sent yesterday, and a weekly one for remote-friendly work anywhere.
 */
export async function seedDemoJobAlerts(ctx: AppContext, email: string, place: { name: string; latitude: number; longitude: number }) {
  const now = ctx.adapters.now().getTime();
  const alert = (
    a: Pick<typeof jobAlertSubscriptions.$inferInsert, 'keyword' | 'latitude' | 'longitude' | 'radius' | 'placeName' | 'frequency'>,
    confirmedDaysAgo: number,
    sentDaysAgo: number | null,
  ) => {
    const id = randomUUID();
    const confirmedAt = new Date(now - confirmedDaysAgo * DAY);
    const digestFrom = sentDaysAgo === null ? confirmedAt : new Date(now - sentDaysAgo * DAY);
    return {
      ...a,
      id,
      email,
      unsubscribeTokenHash: sha256(unsubscribeTokenOf(ctx, id)),
      confirmSentAt: confirmedAt,
      confirmedAt,
      digestFrom,
      nextDigestAt: new Date(digestFrom.getTime() + ALERT_PERIOD_DAYS[a.frequency ?? 'daily'] * DAY),
      lastSentAt: sentDaysAgo === null ? null : digestFrom,
      createdAt: confirmedAt,
    };
  };
  await ctx.db.insert(jobAlertSubscriptions).values([
    alert(
      {
        keyword: 'warehouse',
        latitude: place.latitude,
        longitude: place.longitude,
        radius: 25,
        placeName: place.name,
        frequency: 'daily',
      },
      6,
      0.9,
    ),
    alert({ keyword: 'customer service', latitude: null, longitude: null, radius: null, placeName: null, frequency: 'weekly' }, 2, null),
  ]);
}
