// Where a boosted job is shown, without any schema: the job lists and a job's page name them, and
// download no billing contract for it.

/** Where a boosted job is shown: the featured strip (api/job/boosts), first in search order, a badge, a highlighted pin. */
export const boostPlacements = ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'] as const;
export type BoostPlacement = (typeof boostPlacements)[number];
