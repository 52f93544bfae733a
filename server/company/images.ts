import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, storedFiles } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { nameWithExtension, type UploadedFile } from '../http/upload.ts';
import { newStorageKey } from '../platform/file-store.ts';
import { ImageSizes } from '../platform/images.ts';
import { acceptImage, signedImages, thumbnailKey, limitUploads } from '../files/index.ts';
import { CompanyMessages, MAX_FEATURED_IMAGES, type CompanyImage, type FeaturedImage } from '../../src/contract/company.ts';
import { FileMessages } from '../../src/contract/files.ts';

type StoredFileRow = typeof storedFiles.$inferSelect;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const imageNotFound = () => notFound(FileMessages.imageNotFound);

/** Locks the company's row for the rest of the transaction: its images change one call at a time. */
async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

const ofCompany = (companyId: string, purpose: 'company-logo' | 'featured-image') =>
  and(eq(storedFiles.companyId, companyId), eq(storedFiles.purpose, purpose));

/**
 * A company's logo and featured images: re-encoded by the image pipeline, kept in the FileStore,
 * each a `stored_files` row with the company's id; shown by signed addresses. Every call is given
 * the company of the caller (see members.ts), so an id of another company's image is "not found".
 */
export function companyImages(ctx: AppContext) {
  const signed = signedImages(ctx);

  function toImage(row: StoredFileRow): CompanyImage {
    const { url, expiresAt } = signed.addressOf(row.id);
    return {
      id: row.id,
      url,
      urlExpiresAt: expiresAt,
      size: row.sizeBytes,
      contentType: row.contentType,
      uploadedAt: row.createdAt.toISOString(),
    };
  }

  function toFeatured(row: StoredFileRow): FeaturedImage {
    return { ...toImage(row), thumbnailUrl: signed.addressOf(row.id, 'thumb').url, position: row.position };
  }

  const removeFiles = async (keys: string[]) => {
    for (const key of keys) {
      await ctx.adapters.files.delete(key).catch((err) => ctx.log.error({ err, key }, 'could not delete a stored image'));
    }
  };

  async function featuredRows(db: Tx | AppContext['db'], companyId: string) {
    return db
      .select()
      .from(storedFiles)
      .where(ofCompany(companyId, 'featured-image'))
      .orderBy(asc(storedFiles.position), asc(storedFiles.createdAt));
  }

  /** Positions 0, 1, 2… in the order given, so the order never has gaps or ties. */
  async function renumber(tx: Tx, ids: string[]) {
    for (const [position, id] of ids.entries()) {
      await tx.update(storedFiles).set({ position }).where(eq(storedFiles.id, id));
    }
  }

  const api = {
    async logo(companyId: string): Promise<CompanyImage | null> {
      const [row] = await ctx.db.select().from(storedFiles).where(ofCompany(companyId, 'company-logo')).limit(1);
      return row ? toImage(row) : null;
    },

    /** One logo per company: the new one replaces the old, whose file is then deleted. */
    async uploadLogo(companyId: string, userId: string, file: UploadedFile): Promise<CompanyImage> {
      await limitUploads(ctx, userId);
      const image = await acceptImage(file, ImageSizes.companyLogo);
      const key = newStorageKey('company-logo');
      await ctx.adapters.files.put(key, image.data, { contentType: image.contentType });
      let result: { row: StoredFileRow; replaced: string[] };
      try {
        result = await ctx.db.transaction(async (tx) => {
          await lockCompany(tx, companyId);
          const old = await tx
            .delete(storedFiles)
            .where(ofCompany(companyId, 'company-logo'))
            .returning({ storageKey: storedFiles.storageKey });
          const [row] = await tx
            .insert(storedFiles)
            .values({
              purpose: 'company-logo',
              companyId,
              storageKey: key,
              originalName: nameWithExtension(file.name, image.ext),
              contentType: image.contentType,
              sizeBytes: image.data.length,
            })
            .returning();
          return { row: row!, replaced: old.map((o) => o.storageKey) };
        });
      } catch (err) {
        await removeFiles([key]);
        throw err;
      }
      await removeFiles(result.replaced);
      return toImage(result.row);
    },

    async deleteLogo(companyId: string): Promise<void> {
      const old = await ctx.db
        .delete(storedFiles)
        .where(ofCompany(companyId, 'company-logo'))
        .returning({ storageKey: storedFiles.storageKey });
      if (!old.length) throw imageNotFound();
      await removeFiles(old.map((o) => o.storageKey));
    },

    async featured(companyId: string): Promise<FeaturedImage[]> {
      return (await featuredRows(ctx.db, companyId)).map(toFeatured);
    },

    /** A new featured image goes last; a company shows at most MAX_FEATURED_IMAGES. */
    async uploadFeatured(
      companyId: string,
      userId: string,
      file: UploadedFile,
    ): Promise<{ image: FeaturedImage; images: FeaturedImage[] }> {
      // Refused before the work of decoding when the company is already full (checked again under the lock).
      const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(storedFiles).where(ofCompany(companyId, 'featured-image'));
      if (n >= MAX_FEATURED_IMAGES) throw badRequest(CompanyMessages.tooManyFeatured);
      await limitUploads(ctx, userId);
      const image = await acceptImage(file, ImageSizes.featured);
      const thumb = await acceptImage({ ...file, data: image.data }, ImageSizes.featuredThumbnail);
      const key = newStorageKey('featured-image');
      const keys = [key, thumbnailKey(key)];
      let result: { row: StoredFileRow; rows: StoredFileRow[] };
      try {
        await ctx.adapters.files.put(key, image.data, { contentType: image.contentType });
        await ctx.adapters.files.put(thumbnailKey(key), thumb.data, { contentType: thumb.contentType });
        result = await ctx.db.transaction(async (tx) => {
          await lockCompany(tx, companyId);
          const rows = await featuredRows(tx, companyId);
          if (rows.length >= MAX_FEATURED_IMAGES) throw badRequest(CompanyMessages.tooManyFeatured);
          const [row] = await tx
            .insert(storedFiles)
            .values({
              purpose: 'featured-image',
              companyId,
              storageKey: key,
              originalName: nameWithExtension(file.name, image.ext),
              contentType: image.contentType,
              sizeBytes: image.data.length,
              position: rows.length,
            })
            .returning();
          await renumber(
            tx,
            rows.map((r) => r.id),
          );
          return { row: row!, rows: [...rows.map((r, position) => ({ ...r, position })), row!] };
        });
      } catch (err) {
        await removeFiles(keys);
        throw err;
      }
      return { image: toFeatured(result.row), images: result.rows.map(toFeatured) };
    },

    /** Deletes one of the company's featured images; the others keep their order. */
    async deleteFeatured(companyId: string, id: string): Promise<FeaturedImage[]> {
      const { removed, rows } = await ctx.db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const [gone] = await tx
          .delete(storedFiles)
          .where(and(eq(storedFiles.id, id), ofCompany(companyId, 'featured-image')))
          .returning({ storageKey: storedFiles.storageKey });
        if (!gone) throw imageNotFound();
        const left = await featuredRows(tx, companyId);
        await renumber(
          tx,
          left.map((r) => r.id),
        );
        return { removed: gone.storageKey, rows: left.map((r, position) => ({ ...r, position })) };
      });
      await removeFiles([removed, thumbnailKey(removed)]);
      return rows.map(toFeatured);
    },

    /**
     * The company's featured images in the order given: each of its images once, no other id.
     * Anything else (an id left out or repeated, an unknown or another company's id) changes nothing.
     */
    async reorderFeatured(companyId: string, ids: string[]): Promise<FeaturedImage[]> {
      const rows = await ctx.db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const current = await featuredRows(tx, companyId);
        const known = new Set(current.map((r) => r.id));
        const given = new Set(ids);
        if (given.size !== ids.length || ids.length !== current.length || !ids.every((id) => known.has(id))) {
          throw badRequest(CompanyMessages.reorderMismatch);
        }
        await renumber(tx, ids);
        const byId = new Map(current.map((r) => [r.id, r]));
        return ids.map((id, position) => ({ ...byId.get(id)!, position }));
      });
      return rows.map(toFeatured);
    },

    /** The public page's images: the logo address and each featured image's two addresses. */
    async forPublicPage(companyId: string) {
      const [logo, featured] = await Promise.all([api.logo(companyId), featuredRows(ctx.db, companyId)]);
      return {
        logoUrl: logo?.url ?? null,
        featuredImages: featured.map((row) => {
          const image = toFeatured(row);
          return { id: image.id, url: image.url, thumbnailUrl: image.thumbnailUrl };
        }),
      };
    },
  };
  return api;
}
