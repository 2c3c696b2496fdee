/**
 * Studio images (banner PC and mobile, course cover, teacher avatar): the uploaded image is checked
 * (type by its bytes, size, pixel count), turned upright, cut to the crop rectangle, resized to the
 * size of its use, re-encoded as WebP without metadata and stored publicly.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { sniffImageType } from '../media/media.service.ts';
import { formatMegabytes, type ObjectStorage } from '../media/storage.ts';
import { IMAGE_USES, type ImageUse } from './image-uses.ts';

/** Decompression bombs: a small file that decodes to a huge bitmap is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const NOT_AN_IMAGE = 'Tệp tải lên không phải là ảnh hợp lệ. Vui lòng chọn ảnh JPEG, PNG, WebP hoặc GIF.';

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ImageCropService = ReturnType<typeof createImageCropService>;

export function createImageCropService(deps: { storage: ObjectStorage; maxBytes: number }) {
  const { storage, maxBytes } = deps;

  /** Crops (or, without a rectangle, cuts the centre to the use's shape), resizes and stores; returns the public URL. */
  async function cropAndStore(bytes: Buffer, use: ImageUse, crop: CropRect | null) {
    if (bytes.length === 0)
      throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn ảnh.', { file: 'Vui lòng chọn ảnh.' });
    if (bytes.length > maxBytes) {
      const message = `Ảnh tối đa ${formatMegabytes(maxBytes)}.`;
      throw new AppError('VALIDATION_FAILED', message, { file: message });
    }
    if (!sniffImageType(bytes)) throw new AppError('VALIDATION_FAILED', NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
    const target = IMAGE_USES[use];
    const { default: sharp } = await import('sharp');
    let output: Buffer;
    try {
      // Upright first, so the rectangle (measured on the picture as the browser shows it) fits.
      const upright = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .toBuffer({ resolveWithObject: true });
      const { width, height } = upright.info;
      let image = sharp(upright.data);
      if (crop) {
        if (crop.x + crop.width > width || crop.y + crop.height > height) {
          const message = `Vùng cắt nằm ngoài ảnh (ảnh ${width}×${height} điểm ảnh).`;
          throw new AppError('VALIDATION_FAILED', message, { crop: message });
        }
        image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
      }
      output = await image
        .resize(target.width, target.height, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('VALIDATION_FAILED', NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
    }
    const key = `studio/${use.replace('_', '-')}/${randomBytes(8).toString('hex')}.webp`;
    await storage.putObject(key, output, 'image/webp');
    return { url: storage.publicUrl(key), width: target.width, height: target.height, use };
  }

  return { cropAndStore, maxBytes };
}
