import { z } from 'zod';

const token = (label: string) =>
  z
    .string({ error: `Thiếu ${label}.` })
    .trim()
    .min(10, `${label} không hợp lệ.`)
    .max(8192, `${label} quá dài.`)
    .regex(/^[\w.~+/=-]+$/, `${label} không hợp lệ.`);

const oauthValue = (label: string) =>
  z
    .string({ error: `Thiếu ${label}.` })
    .min(1, `Thiếu ${label}.`)
    .max(2048, `${label} quá dài.`)
    .regex(/^[\x21-\x7e]+$/, `${label} không hợp lệ.`);

export const ssoStartInput = z.object({ redirect: z.string().max(1000, 'Đường dẫn quá dài.').optional() }).strict();
export const ssoStartQuery = z.object({ redirect: z.string().max(1000).optional() });

/** login_sso.json: what the provider sent back to the redirect URI. */
export const ssoLoginInput = z.object({
  code: oauthValue('mã đăng nhập (code)'),
  state: oauthValue('mã phiên (state)'),
  iss: z.string().max(2048).optional(),
});

export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
});

export const linkableProvider = z.enum(['google', 'facebook', 'zalo'], {
  error: 'Chỉ hỗ trợ Google, Facebook hoặc Zalo.',
});

export const socialLinkInput = z.discriminatedUnion(
  'provider',
  [
    z.object({ provider: z.literal('google'), id_token: token('ID token của Google') }),
    z.object({ provider: z.literal('facebook'), access_token: token('access token của Facebook') }),
  ],
  { error: 'Chỉ hỗ trợ Google (id_token) hoặc Facebook (access_token).' },
);

export const socialUnlinkInput = z.object({
  provider: z.enum(['google', 'facebook', 'zalo', 'sso'], { error: 'Nhà cung cấp không hợp lệ.' }),
});

export const linkedAccountSchema = z.object({
  provider: z.enum(['google', 'facebook', 'zalo', 'sso']),
  label: z.string(),
  configured: z.boolean(),
  linked: z.object({ email: z.string().nullable(), created_at: z.string() }).nullable(),
});
