/**
 * Uploads and avatars: PUT s3.json hands out a presigned URL inside the caller's own namespace;
 * avatar.json turns an uploaded image into the learner's avatar (checked, re-encoded, stored).
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { ProfileService } from '../accounts/profile.service.ts';
import type { Viewer } from '../services.ts';
import {
  decodeBase64Body,
  formatMegabytes,
  isSafeKey,
  type ContentEncoding,
  type ObjectStorage,
  type PresignedUpload,
} from './storage.ts';

/** The exact messages of SPEC §5 / §8. */
export const INVALID_CONTENT_ENCODING = 'invalid content encoding!';
export const PRESIGN_FAILED = 'resigned error!';

/** The driver gave no presigned URL: the routes answer 502 with PRESIGN_FAILED. */
export class PresignFailedError extends Error {
  constructor(cause?: unknown) {
    super(PRESIGN_FAILED, cause === undefined ? undefined : { cause });
    this.name = 'PresignFailedError';
  }
}

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Staff also attach documents; learners upload images only. */
/** Staff also send documents and listening passages' audio (exams). */
const STAFF_TYPES: Record<string, string> = {
  ...IMAGE_TYPES,
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
};

export const AVATAR_SIZE = 512;
/** Decompression bombs: a small file that decodes to a huge bitmap is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface UploadRequest {
  key: string;
  content_encoding?: unknown;
  content_type: string;
}

export interface MediaServiceDeps {
  storage: ObjectStorage;
  profile: ProfileService;
  /** UPLOAD_MAX_BYTES: the most one upload (and one avatar) may weigh. */
  maxBytes: number;
  /** How long a presigned upload URL stays valid. */
  presignTtlSeconds?: number;
}

function randomId(): string {
  return randomBytes(8).toString('hex');
}

/** `Ảnh đại diện (1).PNG` → `anh-dai-dien-1`; at most 60 characters, `tep` when nothing is left. */
export function slugifyFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return slugify(stem).slice(0, 60).replace(/-+$/, '') || 'tep';
}

export function userNamespace(userId: number): string {
  return `users/${userId}/`;
}

/** What the bytes really are: the four formats we accept, by their magic numbers. */
export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const NOT_AN_IMAGE = 'Tệp tải lên không phải là ảnh hợp lệ. Vui lòng chọn ảnh JPEG, PNG, WebP hoặc GIF.';

export function createMediaService({ storage, profile, maxBytes, presignTtlSeconds = 15 * 60 }: MediaServiceDeps) {
  return {
    storage,
    /** The most one upload may weigh (UPLOAD_MAX_BYTES), for the pages to check before sending. */
    maxBytes,

    /** PUT s3.json: a presigned URL for `users/{id}/{random}-{name}`; throws PresignFailedError when the driver has none. */
    async requestUpload(
      viewer: Pick<Viewer, 'id' | 'role'>,
      input: UploadRequest,
    ): Promise<PresignedUpload & { key: string }> {
      const encoding = input.content_encoding;
      if (encoding !== 'base64' && encoding !== 'blob') {
        throw new AppError('VALIDATION_FAILED', INVALID_CONTENT_ENCODING, {
          content_encoding: 'Kiểu mã hóa phải là base64 hoặc blob.',
        });
      }
      const contentType = input.content_type.split(';')[0]!.trim().toLowerCase();
      const allowed = viewer.role === 'learner' ? IMAGE_TYPES : STAFF_TYPES;
      const extension = allowed[contentType];
      if (!extension) {
        const message =
          viewer.role === 'learner'
            ? 'Chỉ hỗ trợ tải lên ảnh JPEG, PNG, WebP hoặc GIF.'
            : 'Chỉ hỗ trợ tải lên ảnh JPEG, PNG, WebP, GIF, tệp PDF hoặc âm thanh MP3, M4A, OGG.';
        throw new AppError('VALIDATION_FAILED', message, { content_type: message });
      }
      const key = `${userNamespace(viewer.id)}${randomId()}-${slugifyFileName(input.key)}.${extension}`;
      let presigned: PresignedUpload | null;
      try {
        presigned = await storage.presignPut(
          key,
          contentType,
          encoding as ContentEncoding,
          maxBytes,
          presignTtlSeconds,
        );
      } catch (error) {
        throw new PresignFailedError(error);
      }
      if (!presigned?.url) throw new PresignFailedError();
      return { url: presigned.url, direct_url: presigned.direct_url, key };
    },

    /**
     * avatar.json: the caller's own uploaded image becomes their avatar, re-encoded as a 512×512
     * WebP (cover crop, metadata stripped); the original upload and the previous avatar are removed.
     */
    async setAvatar(userId: number, key: string): Promise<{ avatar_url: string }> {
      if (!isSafeKey(key))
        throw new AppError('VALIDATION_FAILED', 'Đường dẫn tệp không hợp lệ.', { key: 'Đường dẫn tệp không hợp lệ.' });
      if (!key.startsWith(userNamespace(userId))) throw new AppError('FORBIDDEN', 'Bạn không có quyền dùng tệp này.');

      const info = await storage.headObject(key);
      if (!info) throw new AppError('NOT_FOUND', 'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại.');
      const tooLarge = new AppError('BUSINESS_RULE', `Ảnh đại diện tối đa ${formatMegabytes(maxBytes)}.`);
      // Base64 text is a third larger than the bytes it carries.
      const base64 = info.contentEncoding?.toLowerCase() === 'base64';
      if (info.size > (base64 ? Math.ceil((maxBytes * 4) / 3) + 4096 : maxBytes)) throw tooLarge;

      let bytes = await storage.getObject(key);
      if (!bytes) throw new AppError('NOT_FOUND', 'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại.');
      if (base64) bytes = decodeBase64Body(bytes);
      if (!bytes || !sniffImageType(bytes)) throw new AppError('BUSINESS_RULE', NOT_AN_IMAGE);
      if (bytes.length > maxBytes) throw tooLarge;

      // sharp is loaded on first use, not at every start.
      const { default: sharp } = await import('sharp');
      let avatar: Buffer;
      try {
        const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
        const metadata = await image.metadata();
        if (!['jpeg', 'png', 'webp', 'gif'].includes(metadata.format ?? ''))
          throw new AppError('BUSINESS_RULE', NOT_AN_IMAGE);
        avatar = await image
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('BUSINESS_RULE', NOT_AN_IMAGE);
      }

      const avatarKey = `avatars/${userId}/${randomId()}.webp`;
      await storage.putObject(avatarKey, avatar, 'image/webp');
      const previous = (await profile.get(userId)).avatar_url;
      const avatarUrl = storage.publicUrl(avatarKey);
      await profile.update(userId, { avatar_url: avatarUrl });

      // Clean-up is best effort: the avatar is already set.
      const ownAvatars = storage.publicUrl(`avatars/${userId}/`);
      const stale = [key];
      if (previous && previous.startsWith(ownAvatars)) {
        const previousKey = `avatars/${userId}/${decodeURIComponent(previous.slice(ownAvatars.length))}`;
        if (isSafeKey(previousKey) && previousKey !== avatarKey) stale.push(previousKey);
      }
      await Promise.allSettled(stale.map((staleKey) => storage.deleteObject(staleKey)));
      return { avatar_url: avatarUrl };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
