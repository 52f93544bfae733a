import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { storedFiles } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { nameWithExtension, type UploadedFile } from '../http/upload.ts';
import { newStorageKey } from '../platform/file-store.ts';
import { ImageError, ImageSizes, processImage } from '../platform/images.ts';
import type { ProfileImage } from '../../src/contract/common.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { signedImages } from './signed-images.ts';
import { limitUploads, lockActiveUser } from './uploads.ts';
import { isUuid } from '../db/sql.ts';

type StoredFileRow = typeof storedFiles.$inferSelect;

const imageNotFound = () => notFound(FileMessages.imageNotFound);

/** Re-encodes an uploaded image for one of the product's sizes; refusals as product messages. */
export async function acceptImage(file: UploadedFile, size: (typeof ImageSizes)[keyof typeof ImageSizes]) {
  try {
    return await processImage(file.data, size);
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    if (err.reason === 'too-large') throw new HttpError(413, FileMessages.tooLarge);
    throw badRequest(err.reason === 'type' ? FileMessages.imageType : FileMessages.imageUnreadable);
  }
}

export function profileImages(ctx: AppContext) {
  const signed = signedImages(ctx);

  function toImage(row: StoredFileRow): ProfileImage {
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

  return {
    /** One current image per user: the new one replaces the old, whose file is then deleted. */
    async upload(userId: string, file: UploadedFile): Promise<ProfileImage> {
      await limitUploads(ctx, userId);
      const image = await acceptImage(file, ImageSizes.profile);
      const key = newStorageKey('profile-image');
      await ctx.adapters.files.put(key, image.data, { contentType: image.contentType });
      let result: { row: StoredFileRow; replaced: string[] };
      try {
        result = await ctx.db.transaction(async (tx) => {
          await lockActiveUser(tx, userId);
          const old = await tx
            .delete(storedFiles)
            .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'profile-image')))
            .returning({ storageKey: storedFiles.storageKey });
          const [row] = await tx
            .insert(storedFiles)
            .values({
              purpose: 'profile-image',
              ownerId: userId,
              storageKey: key,
              originalName: nameWithExtension(file.name, image.ext),
              contentType: image.contentType,
              sizeBytes: image.data.length,
            })
            .returning();
          return { row: row!, replaced: old.map((o) => o.storageKey) };
        });
      } catch (err) {
        await ctx.adapters.files.delete(key).catch((e) => ctx.log.error({ err: e, key }, 'could not remove a refused upload'));
        throw err;
      }
      for (const old of result.replaced) {
        await ctx.adapters.files.delete(old).catch((err) => ctx.log.error({ err, key: old }, 'could not delete a replaced image'));
      }
      return toImage(result.row);
    },

    async list(userId: string): Promise<ProfileImage[]> {
      const rows = await ctx.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'profile-image')))
        .orderBy(desc(storedFiles.createdAt));
      return rows.map(toImage);
    },

    /** Another user's image is "not found", so ids of others are never confirmed. */
    async delete(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw imageNotFound();
      const [row] = await ctx.db
        .delete(storedFiles)
        .where(and(eq(storedFiles.id, id), eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'profile-image')))
        .returning({ storageKey: storedFiles.storageKey });
      if (!row) throw imageNotFound();
      await ctx.adapters.files.delete(row.storageKey).catch((err) => ctx.log.error({ err, id }, 'could not delete a stored file'));
    },
  };
}
