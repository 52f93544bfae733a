import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { boostTierPrices, boostTiers } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { BillingMessages, boostPlacements, type BoostPlacement, type BoostTier, type TierPrice } from '../../src/contract/billing.ts';

/** What one period of a tier and length costs: the tier table's price, never a client's. */
export interface Price {
  tierId: string;
  tierName: string;
  lengthDays: number;
  priceCents: number;
  listCents: number;
  discountPercentage: number;
  /** Where a job boosted at this tier shows. */
  placements: BoostPlacement[];
}

/** The discount against the list price, in percent with one decimal. */
export const discountOf = (priceCents: number, listCents: number) =>
  listCents > 0 && priceCents < listCents ? Math.round((1 - priceCents / listCents) * 1000) / 10 : 0;

/**
 * A tier's prices with their list prices: the same days at the rate of its shortest length (the
 * 7-day price times the weeks), so a longer length shows what it saves.
 */
function pricesOf(rows: Array<{ lengthDays: number; priceCents: number }>): TierPrice[] {
  const sorted = [...rows].sort((a, b) => a.lengthDays - b.lengthDays);
  const base = sorted[0];
  return sorted.map((r) => {
    const listCents = base ? Math.max(r.priceCents, Math.round((base.priceCents * r.lengthDays) / base.lengthDays)) : r.priceCents;
    return { lengthDays: r.lengthDays, priceCents: r.priceCents, listCents, discountPercentage: discountOf(r.priceCents, listCents) };
  });
}

const placementsOf = (values: string[]): BoostPlacement[] =>
  values.filter((v): v is BoostPlacement => (boostPlacements as readonly string[]).includes(v));

async function readTiers(db: Db, where?: { id: string }) {
  const [tiers, prices] = await Promise.all([
    db
      .select()
      .from(boostTiers)
      .where(where ? eq(boostTiers.id, where.id) : undefined)
      .orderBy(asc(boostTiers.position)),
    db
      .select()
      .from(boostTierPrices)
      .where(where ? eq(boostTierPrices.tierId, where.id) : undefined),
  ]);
  return tiers.map((t) => ({
    onSale: t.onSale,
    tier: {
      id: t.id,
      name: t.name,
      description: t.description,
      placements: placementsOf(t.placements),
      prices: pricesOf(prices.filter((p) => p.tierId === t.id)),
    } satisfies BoostTier,
  }));
}

/** The tiers on sale, in their order. */
export async function tiersOnSale(db: Db): Promise<BoostTier[]> {
  return (await readTiers(db)).filter((t) => t.onSale).map((t) => t.tier);
}

/** One tier, on sale or not (a boost bought earlier may name one no longer sold); null when unknown. */
export async function tierById(db: Db, id: string): Promise<BoostTier | null> {
  return (await readTiers(db, { id }))[0]?.tier ?? null;
}

/**
 * The price of a tier on sale for a length, or a 400 naming the field: an unknown tier (or one no
 * longer sold) on `tierId`, a length the tier does not offer on `lengthDays`.
 */
export async function priceOf(db: Db, tierId: string, lengthDays: number): Promise<Price> {
  const [found] = await readTiers(db, { id: tierId });
  if (!found || !found.onSale) {
    throw badRequest(BillingMessages.tierNotFound, { code: 'request.invalid', fieldErrors: { tierId: BillingMessages.tierNotFound } });
  }
  const price = found.tier.prices.find((p) => p.lengthDays === lengthDays);
  if (!price) {
    throw badRequest(BillingMessages.lengthNotOffered, {
      code: 'request.invalid',
      fieldErrors: { lengthDays: BillingMessages.lengthNotOffered },
    });
  }
  return { tierId, tierName: found.tier.name, ...price, placements: found.tier.placements };
}

/**
 * Where a job boosted at a tier shows: the tier's placements (on sale or not: a boost bought
 * earlier keeps its tier); none for an unknown tier.
 */
export async function tierPlacements(db: Db, tierId: string): Promise<BoostPlacement[]> {
  const [row] = await db.select({ placements: boostTiers.placements }).from(boostTiers).where(eq(boostTiers.id, tierId));
  return row ? placementsOf(row.placements) : [];
}
