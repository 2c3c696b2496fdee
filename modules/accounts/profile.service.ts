/** The learner's own profile: user.json, details.json, PATCH user.json. */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import { findProvince } from './provinces.ts';
import { findWard, wardBelongsTo } from './wards.ts';

export interface ProfileDetails {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
  avatar_url: string | null;
  birthday: string | null;
  gender: 'male' | 'female' | 'other' | null;
  province_code: string | null;
  province_name: string | null;
  ward_code: string | null;
  ward_name: string | null;
  address_detail: string | null;
  role: string;
  phone_verified: boolean;
  email_verified: boolean;
  has_password: boolean;
  policy_accepted_at: string | null;
  created_at: string;
}

export interface ProfilePatch {
  full_name?: string | undefined;
  birthday?: string | null | undefined;
  gender?: 'male' | 'female' | 'other' | null | undefined;
  province_code?: string | null | undefined;
  ward_code?: string | null | undefined;
  address_detail?: string | null | undefined;
  avatar_url?: string | null | undefined;
}

export function toProfileDetails(user: UserRow): ProfileDetails {
  return {
    id: user.id,
    full_name: user.full_name,
    phone: user.phone,
    email: user.email,
    avatar_url: user.avatar_url,
    birthday: user.birthday,
    gender: user.gender,
    province_code: user.province_code,
    province_name: findProvince(user.province_code)?.name ?? null,
    ward_code: user.ward_code,
    ward_name: findWard(user.province_code, user.ward_code)?.name ?? null,
    address_detail: user.address_detail,
    role: user.role,
    phone_verified: user.phone_verified_at !== null,
    email_verified: user.email_verified_at !== null,
    has_password: user.password_hash !== null,
    policy_accepted_at: user.policy_accepted_at === null ? null : readDate(user.policy_accepted_at).toISOString(),
    created_at: readDate(user.created_at).toISOString(),
  };
}

export function createProfileService(db: Kysely<Database>) {
  async function get(userId: number): Promise<ProfileDetails> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản.');
    return toProfileDetails(user);
  }

  /**
   * A ward must belong to the province it is saved with (the one in the patch, else the saved one).
   * Changing the province without naming a ward clears a saved ward that no longer fits.
   */
  async function checkAddress(userId: number, patch: ProfilePatch): Promise<Pick<ProfilePatch, 'ward_code'>> {
    if (patch.ward_code === undefined && patch.province_code === undefined) return {};
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản.');
    const province = patch.province_code !== undefined ? patch.province_code : user.province_code;
    if (patch.ward_code) {
      if (!province)
        throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn tỉnh/thành phố trước khi chọn phường/xã.', {
          province_code: 'Vui lòng chọn tỉnh/thành phố.',
        });
      if (!wardBelongsTo(province, patch.ward_code))
        throw new AppError('VALIDATION_FAILED', 'Phường/xã không thuộc tỉnh/thành phố đã chọn.', {
          ward_code: 'Chọn một phường/xã thuộc tỉnh/thành phố đã chọn.',
        });
      return {};
    }
    if (patch.ward_code === undefined && user.ward_code && !wardBelongsTo(province, user.ward_code))
      return { ward_code: null };
    return {};
  }

  return {
    get,
    async update(userId: number, patch: ProfilePatch): Promise<ProfileDetails> {
      if (patch.province_code && !findProvince(patch.province_code)) {
        throw new AppError('VALIDATION_FAILED', 'Tỉnh/thành phố không hợp lệ.', {
          province_code: 'Chọn một tỉnh/thành phố trong danh sách.',
        });
      }
      const address = await checkAddress(userId, patch);
      if (patch.birthday) {
        const date = new Date(`${patch.birthday}T00:00:00Z`);
        const age = (Date.now() - date.getTime()) / (365.25 * 24 * 3_600_000);
        if (
          Number.isNaN(date.getTime()) ||
          date.toISOString().slice(0, 10) !== patch.birthday ||
          age < 3 ||
          age > 120
        ) {
          throw new AppError('VALIDATION_FAILED', 'Ngày sinh không hợp lệ.', { birthday: 'Ngày sinh không hợp lệ.' });
        }
      }
      const changes = Object.fromEntries(
        Object.entries({ ...patch, ...address }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(changes).length > 0) await repo.updateUser(db, userId, { ...changes, updated_at: nowIso() });
      return get(userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
