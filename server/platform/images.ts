import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, imageTypes } from '../../src/contract/files.ts';

/** How large a re-encoded image may be; it keeps its proportions and is never enlarged. */
export interface ImageSize {
  maxWidth: number;
  maxHeight: number;
}

/** The sizes of each kind of image the product stores. */
export const ImageSizes = {
  profile: { maxWidth: 512, maxHeight: 512 },
  companyLogo: { maxWidth: 512, maxHeight: 512 },
  featured: { maxWidth: 1600, maxHeight: 1200 },
  /** The small copy of a featured image, for grids and lists. */
  featuredThumbnail: { maxWidth: 480, maxHeight: 360 },
} as const satisfies Record<string, ImageSize>;

export class ImageError extends Error {
  constructor(readonly reason: 'type' | 'unreadable' | 'too-large') {
    super(`image refused: ${reason}`);
    this.name = 'ImageError';
  }
}

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
}

// A decoded 5 MB image can still be huge in pixels (a "pixel flood"); 40 MP is far beyond any photo we keep.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Accepts a JPEG, PNG or WebP by its bytes and re-encodes it: turned upright from its EXIF
 * orientation, scaled down to fit `size`, written as WebP (alpha kept). Every piece of metadata
 * (EXIF with GPS location, XMP, comments, ICC profiles) is left behind, because sharp writes
 * none unless asked. Animated images keep their first frame.
 */
export async function processImage(bytes: Buffer, size: ImageSize, maxBytes = MAX_UPLOAD_BYTES): Promise<ProcessedImage> {
  if (bytes.length > maxBytes) throw new ImageError('too-large');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(imageTypes as readonly string[]).includes(type.mime)) throw new ImageError('type');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: size.maxWidth, height: size.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', ext: 'webp', width: info.width, height: info.height };
  } catch {
    throw new ImageError('unreadable');
  }
}
