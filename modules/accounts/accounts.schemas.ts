import { z } from 'zod';
import { PASSWORD_MAX } from './password.ts';

/** A trimmed NFC string with Vietnamese messages for empty and too long. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} không hợp lệ.` })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().min(1, `Vui lòng nhập ${label.toLowerCase()}.`).max(max, `${label} tối đa ${max} ký tự.`));
}

const username = text('Số điện thoại hoặc email', 254);
const password = z
  .string({ error: 'Vui lòng nhập mật khẩu.' })
  .min(1, 'Vui lòng nhập mật khẩu.')
  .max(PASSWORD_MAX * 4, 'Mật khẩu quá dài.');
const otp = z
  .string({ error: 'Vui lòng nhập mã OTP.' })
  .trim()
  .regex(/^\d{6}$/, 'Mã OTP gồm 6 chữ số.');
const fullName = text('Họ và tên', 120).refine(
  (value) => !/[<>{}\\]|\p{Cc}/u.test(value),
  'Họ và tên chứa ký tự không hợp lệ.',
);

export const registerInput = z.object({
  username,
  password,
  full_name: fullName,
  accept_policy: z.boolean({ error: 'Vui lòng đồng ý điều khoản.' }),
});
export const verifyOtpInput = z.object({
  username,
  otp,
  purpose: z.enum(['register', 'login', 'reset'], { error: 'Mục đích không hợp lệ.' }),
});
export const resendOtpInput = z.object({
  username,
  purpose: z.enum(['register', 'login', 'reset'], { error: 'Mục đích không hợp lệ.' }),
});
export const loginInput = z.object({ username, password });
export const loginPhoneInput = z.object({ username, otp: otp.optional() });
export const forgotPasswordInput = z.object({ username });
export const changePasswordInput = z.union([
  z.object({ verify_token: z.string().min(10).max(200), new_password: password }),
  z.object({ old_password: password, new_password: password }),
]);
export const changeEmailInput = z.object({ email: text('Email', 254) });
export const confirmEmailInput = z.object({ token: z.string().min(10).max(200) });
export const policyInput = z.object({ accept: z.boolean().optional() });

export const updateProfileInput = z
  .object({
    full_name: fullName.optional(),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày sinh có dạng YYYY-MM-DD.')
      .nullable()
      .optional(),
    gender: z.enum(['male', 'female', 'other'], { error: 'Giới tính không hợp lệ.' }).nullable().optional(),
    province_code: z.string().max(10).nullable().optional(),
    ward_code: z
      .string({ error: 'Phường/xã không hợp lệ.' })
      .trim()
      .regex(/^\d{5}$/, 'Phường/xã không hợp lệ.')
      .nullable()
      .optional(),
    address_detail: text('Địa chỉ', 300).nullable().optional(),
  })
  .strict();

export const publicUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
});

export const signedInSchema = z.object({ token: z.string(), expires_at: z.number().int(), user: publicUserSchema });
export const codeSentSchema = z.object({
  channel: z.enum(['sms', 'email']),
  sent_to: z.string(),
  resend_after: z.number().int(),
});

export const profileSchema = publicUserSchema.extend({
  birthday: z.string().nullable(),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  province_code: z.string().nullable(),
  province_name: z.string().nullable(),
  ward_code: z.string().nullable(),
  ward_name: z.string().nullable(),
  address_detail: z.string().nullable(),
  role: z.string(),
  phone_verified: z.boolean(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  policy_accepted_at: z.string().nullable(),
  created_at: z.string(),
});
