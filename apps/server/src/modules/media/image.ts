import sharp from 'sharp';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '@pawdesk/shared';
import { badRequest } from '../../lib/errors.ts';

/** Longest side of the display size and of the thumbnail, in pixels. */
export const DISPLAY_PX = 1600;
export const THUMB_PX = 256;
/** Decoding more pixels than this is refused (a decompression bomb), far above any phone camera's 50 MP. */
const MAX_INPUT_PIXELS = 100_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The type the bytes really are, whatever the request or the file name claims; null when none of the three. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  return null;
}

function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

export interface ProcessedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  display: ProcessedVariant;
  thumb: ProcessedVariant;
}

/**
 * A photo as stored: checked by its bytes, turned upright by its EXIF orientation, and re-encoded as JPEG at two
 * sizes with no metadata at all (sharp writes none unless asked: the location, camera and time a phone records are
 * gone). A truncated or damaged file is refused rather than stored half-grey.
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.length === 0) throw badRequest(MEDIA_MESSAGES.empty);
  if (input.length > MEDIA_MAX_BYTES) throw badRequest(MEDIA_MESSAGES.tooLarge);
  if (!sniffImage(input)) throw badRequest(MEDIA_MESSAGES.notImage);
  try {
    // Decoded once, oriented, then resized twice from the same pixels.
    const upright = await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: DISPLAY_PX, height: DISPLAY_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
    const [display, thumb] = await Promise.all([
      sharp(upright.data, raw).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
      sharp(upright.data, raw)
        .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 78, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: { bytes: display.data, width: display.info.width, height: display.info.height },
      thumb: { bytes: thumb.data, width: thumb.info.width, height: thumb.info.height },
    };
  } catch {
    throw badRequest(MEDIA_MESSAGES.unreadable);
  }
}
