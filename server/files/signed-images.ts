import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { storedFiles } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { StoredObject } from '../platform/file-store.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { createFileUrlSigner } from './signed-urls.ts';

type StoredFileRow = typeof storedFiles.$inferSelect;

/** The purposes whose files are images shown by a signed address. */
export const SIGNED_IMAGE_PURPOSES = ['profile-image', 'company-logo', 'featured-image'] as const;

/** Only featured images have a small copy. */
const HAS_THUMBNAIL: ReadonlySet<string> = new Set(['featured-image']);

/** Where the small copy of an image is stored: beside the image, under the same random key. */
export const thumbnailKey = (storageKey: string) => `${storageKey}-thumb`;

export type ImageVariant = 'thumb';

/**
 * Signed addresses of stored images, for every kind of image the product shows: the profile
 * image, the company logo and featured images. Whoever gives out an address has checked that
 * the caller may see the image (its owner, its company's staff, or anyone for a company's
 * public page); the signature stands for that check until it expires.
 */
export function signedImages(ctx: AppContext) {
  const signer = createFileUrlSigner(ctx.config.jwtSecret);

  return {
    /** The address of an image (or its small copy) and when it stops working. */
    addressOf(id: string, variant?: ImageVariant): { url: string; expiresAt: string } {
      const { expires, signature } = signer.sign(id, ctx.adapters.now());
      const size = variant ? `&size=${variant}` : '';
      return {
        url: `/api/Common/images/${id}?expires=${expires}&signature=${signature}${size}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** An image by its signed address; the row must still exist. */
    async open(
      id: string,
      expires: number,
      signature: string,
      variant?: ImageVariant,
    ): Promise<{ row: StoredFileRow; object: StoredObject; maxAgeSeconds: number }> {
      const now = ctx.adapters.now();
      if (!signer.verify(id, expires, signature, now)) throw new HttpError(403, FileMessages.linkExpired);
      const [row] = await ctx.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.id, id), inArray(storedFiles.purpose, [...SIGNED_IMAGE_PURPOSES])));
      if (!row) throw notFound(FileMessages.imageNotFound);
      if (variant && !HAS_THUMBNAIL.has(row.purpose)) throw notFound(FileMessages.imageNotFound);
      const key = variant === 'thumb' ? thumbnailKey(row.storageKey) : row.storageKey;
      const object = await ctx.adapters.files.get(key);
      if (!object) {
        ctx.log.error({ id, key }, 'a stored image has no file');
        throw notFound(FileMessages.imageNotFound);
      }
      return { row, object, maxAgeSeconds: Math.max(0, Math.floor(expires - now.getTime() / 1000)) };
    },
  };
}
