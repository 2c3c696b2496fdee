/**
 * The only reader of process.env. Every setting the product uses is declared, checked and typed
 * here; a bad value stops the start with a list of what is wrong.
 */
import { z } from 'zod';
import { parseSendingHours } from '../lib/sending-hours.ts';
import { commerceSettings } from './env.commerce.ts';
import { booleanFlag } from './env.fields.ts';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** The AES key the recognition simulator uses in development and demo (never in production). */
export const DEMO_RECOGNITION_KEY = 'khaitri-demo-key';

/** The inbound-SMS webhook secret in development, demo and tests (never in production). */
export const DEMO_CARRIER_SMS_SECRET = 'khaitri-carrier-sms-demo-secret';

const ZNS_TEMPLATE = /^\d{1,20}(:\w{1,50}(=\w{1,50})?(,\w{1,50}(=\w{1,50})?)*)?$/;
const ZNS_TEMPLATE_HINT = 'dạng <mã mẫu> hoặc <mã mẫu>:<tham số Zalo>=<khóa>,…';

const envSchema = z
  .object({
    APP_ENV: z.enum(['development', 'demo', 'production', 'test']).default('demo'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'phải là một URL postgres://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Other host names the site may be opened under (`name` or `name:port`); PUBLIC_URL's is always allowed. */
    ALLOWED_HOSTS: commaList
      .refine(
        (hosts) => hosts.every((host) => /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host)),
        'phải là danh sách tên máy, cách nhau bởi dấu phẩy (ví dụ: khaitri.vn,m.khaitri.vn:8443)',
      )
      .optional(),
    SITE_NAME: z.string().min(1).default('Khai Trí'),
    SITE_LABEL: z.string().min(1).default('khaitri'),
    SITE_DESCRIPTION: z
      .string()
      .min(1)
      .default('Khai Trí — học trực tuyến cùng giáo viên giỏi, học mọi lúc trên điện thoại và máy tính.'),
    SESSION_SECRET: z.string().min(32, 'cần ít nhất 32 ký tự').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** How many copies of the app run behind the load balancer; above 1, start-up refuses what one copy would keep to itself. */
    INSTANCE_COUNT: z.coerce.number().int().min(1).max(1000).default(1),
    /** DATA_DIR is one volume every instance mounts (NFS, EFS…): local-disk uploads are then seen by all. */
    SHARED_DATA_DIR: booleanFlag.default(false),
    IFRAME_HOSTS: commaList.default(['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']),
    DISABLED_RECOGNITION: z.coerce.number().int().min(0).default(1),
    RECOGNITION_SERVICE_ID: z.string().default(''),
    /** The operator's recognition page; outside production it defaults to our simulator. */
    RECOGNITION_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The AES-128 key shared with the operator: exactly 16 single-byte characters. */
    RECOGNITION_KEY: z
      .string()
      .refine((value) => Buffer.byteLength(value, 'utf8') === 16, 'phải đúng 16 ký tự (16 byte)')
      .optional(),
    /** Sign a recognised number in without OTP: only when the operator is trusted by contract. */
    RECOGNITION_TRUSTED: booleanFlag.default(false),
    /** OpenID Connect single sign-on (login_sso.json): authorization code + PKCE. */
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** Google accounts to link in the profile (OpenID Connect). */
    GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Facebook accounts to link in the profile (Facebook Login; tokens checked with the Graph API). */
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
    FACEBOOK_DIALOG_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/v21.0/dialog/oauth'),
    /** Zalo Login (OAuth v4 + PKCE): sign-in and accounts linked in the profile. */
    ZALO_APP_ID: z
      .string()
      .regex(/^\d{1,40}$/, 'là dãy số (App ID của Zalo)')
      .optional(),
    ZALO_SECRET_KEY: z.string().min(1).optional(),
    ZALO_OAUTH_URL: z.url({ protocol: /^https?$/ }).default('https://oauth.zaloapp.com/v4'),
    ZALO_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.zalo.me/v2.0'),
    /** The Zalo simulator (/__sim/zalo) plays Zalo when no app is configured; default on in development and demo. */
    ZALO_SIMULATOR: booleanFlag.optional(),
    /**
     * Zalo Notification Service, tried before SMS: `<template id>` or `<template id>:<zalo param>=<our key>,…`
     * per message; none set: every SMS goes by SMS. Without ZNS_ACCESS_TOKEN (not in production): the simulator.
     */
    ZNS_TEMPLATE_OTP: z.string().regex(ZNS_TEMPLATE, ZNS_TEMPLATE_HINT).optional(),
    ZNS_TEMPLATE_ORDER_PAID: z.string().regex(ZNS_TEMPLATE, ZNS_TEMPLATE_HINT).optional(),
    ZNS_TEMPLATE_RENEWAL: z.string().regex(ZNS_TEMPLATE, ZNS_TEMPLATE_HINT).optional(),
    ZNS_ACCESS_TOKEN: z.string().min(1).optional(),
    /**
     * The Official Account's refresh token (single use, ~3 months): with ZALO_APP_ID and ZALO_SECRET_KEY,
     * the access token is renewed by the product (a job, ahead of its 25-hour expiry) and kept in the database.
     */
    ZNS_REFRESH_TOKEN: z.string().min(1).optional(),
    ZNS_API_URL: z.url({ protocol: /^https?$/ }).default('https://business.openapi.zalo.me'),
    /** The simulator's numbers (84…) that have no Zalo, and that fail. */
    ZNS_SIMULATOR_NO_ZALO: commaList.optional(),
    ZNS_SIMULATOR_FAILING: commaList.optional(),
    ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
    ANALYTICS_DOMAIN: z.string().optional(),
    BUILD_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(300),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10_000),
    /** Seconds an anonymous page stays in the micro-cache; 0 renders every request. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    /** Multiplies the stricter per-address limits of sign-in, OTP and reset (benchmarks raise it). */
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
    TRUST_PROXY: booleanFlag.default(false),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Khai Trí <no-reply@khaitri.vn>'),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_GATEWAY_TOKEN: z.string().optional(),
    OTP_TTL_SECONDS: z.coerce.number().int().min(60).max(1800).default(300),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(5 * 1024 * 1024),
    // Objects (uploads): S3-compatible storage when S3_BUCKET is set; local disk under DATA_DIR/uploads otherwise.
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    // Video (HLS pipeline): ffmpeg and ffprobe on PATH unless given; without them videos stay "not available yet".
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    /** Work the `video.transcode` queue in this process (turn off on web-only instances). */
    VIDEO_WORKER: booleanFlag.default(true),
    /** Tries of a transcoding job before it is marked failed. */
    VIDEO_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    /** The largest video file the studio accepts (default 3 GB, as the original allowed). */
    VIDEO_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(3 * 1024 * 1024 * 1024),
    /** How long a signed playlist, segment, poster or caption URL stays valid. */
    VIDEO_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(14_400),
    /** Days a downloaded lesson stays usable offline before the device must connect (never past the enrolment's end). */
    OFFLINE_LICENCE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // The hours (Vietnam time) the Web Push of a studio broadcast may reach phones (decree 91/2020:
    // advertising messages 07:00–22:00); outside them it waits for the next opening. 0-24: any time.
    BROADCAST_SENDING_HOURS: z
      .string()
      .default('7-22')
      .refine((value) => parseSendingHours(value) !== null, 'BROADCAST_SENDING_HOURS must look like 7-22'),
    /**
     * Days an account deletion waits, cancellable, before personal fields are erased (decision 0024):
     * at most 14, so the deletion completes within the 15 days Decree 356/2025 allows.
     */
    PRIVACY_DELETION_WAIT_DAYS: z.coerce.number().int().min(0).max(14).default(7),
    /** The version of the privacy policy consents are given under (recorded with each consent). */
    PRIVACY_POLICY_VERSION: z.string().trim().min(1).max(20).default('2026-01-01'),
    ...commerceSettings,
    // Web Push (VAPID). Required in production; elsewhere a key pair is generated once and kept in DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'phải là khóa công khai VAPID (base64url)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'phải là khóa bí mật VAPID (base64url)')
      .optional(),
    /** The contact push services may use about our messages: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'phải là mailto:… hoặc https://…')
      .default('mailto:hotro@khaitri.vn'),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    // Outside production the site is also reachable as localhost / 127.0.0.1 (any port).
    ALLOWED_HOSTS: [
      new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).host,
      ...(env.ALLOWED_HOSTS ?? (env.APP_ENV === 'production' ? [] : ['localhost', '127.0.0.1', '[::1]'])),
    ],
    S3_PUBLIC_URL: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    // Outside production the recognition simulator (/__sim/recognition) plays the operator.
    RECOGNITION_URL:
      env.RECOGNITION_URL ??
      (env.APP_ENV === 'production'
        ? ''
        : `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/__sim/recognition`),
    RECOGNITION_KEY: env.RECOGNITION_KEY ?? (env.APP_ENV === 'production' ? '' : DEMO_RECOGNITION_KEY),
    PAYMENT_SIMULATOR: env.PAYMENT_SIMULATOR ?? env.APP_ENV !== 'production',
    ZALO_SIMULATOR: env.ZALO_SIMULATOR ?? (env.APP_ENV === 'development' || env.APP_ENV === 'demo'),
    CARRIER_SMS_SECRET: env.CARRIER_SMS_SECRET ?? (env.APP_ENV === 'production' ? undefined : DEMO_CARRIER_SMS_SECRET),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Cấu hình không hợp lệ:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type EnvSource = Record<string, string | undefined>;

/** Reads and checks the environment. Empty strings count as "not set". */
export function loadEnv(source: EnvSource = process.env): Env {
  const cleaned: EnvSource = {};
  for (const key of Object.keys(envSchema.in.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  if (Boolean(result.data.S3_ACCESS_KEY_ID) !== Boolean(result.data.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: cần khai báo cả hai hoặc không khai báo cái nào']);
  }
  if (result.data.APP_ENV === 'production' && !result.data.SESSION_SECRET) {
    throw new EnvError(['SESSION_SECRET: bắt buộc khi APP_ENV=production']);
  }
  const identityProblems: string[] = [];
  if (result.data.APP_ENV === 'production' && result.data.DISABLED_RECOGNITION < 1) {
    for (const name of ['RECOGNITION_URL', 'RECOGNITION_KEY', 'RECOGNITION_SERVICE_ID'] as const) {
      if (!result.data[name])
        identityProblems.push(`${name}: bắt buộc khi bật nhận diện số thuê bao (DISABLED_RECOGNITION=0)`);
    }
  }
  if (result.data.OIDC_ISSUER && !result.data.OIDC_CLIENT_ID)
    identityProblems.push('OIDC_CLIENT_ID: bắt buộc khi đặt OIDC_ISSUER');
  if (Boolean(result.data.FACEBOOK_APP_ID) !== Boolean(result.data.FACEBOOK_APP_SECRET)) {
    identityProblems.push('FACEBOOK_APP_ID, FACEBOOK_APP_SECRET: cần khai báo cả hai hoặc không khai báo cái nào');
  }
  if (Boolean(result.data.ZALO_APP_ID) !== Boolean(result.data.ZALO_SECRET_KEY)) {
    identityProblems.push('ZALO_APP_ID, ZALO_SECRET_KEY: cần khai báo cả hai hoặc không khai báo cái nào');
  }
  if (result.data.APP_ENV === 'production' && result.data.ZALO_SIMULATOR) {
    identityProblems.push('ZALO_SIMULATOR: không được bật khi APP_ENV=production');
  }
  if (identityProblems.length > 0) throw new EnvError(identityProblems);
  const znsTemplates = [
    result.data.ZNS_TEMPLATE_OTP,
    result.data.ZNS_TEMPLATE_ORDER_PAID,
    result.data.ZNS_TEMPLATE_RENEWAL,
  ];
  if (
    result.data.APP_ENV === 'production' &&
    znsTemplates.some(Boolean) &&
    !result.data.ZNS_ACCESS_TOKEN &&
    !result.data.ZNS_REFRESH_TOKEN
  ) {
    throw new EnvError([
      'ZNS_ACCESS_TOKEN hoặc ZNS_REFRESH_TOKEN: bắt buộc khi đặt ZNS_TEMPLATE_* ở APP_ENV=production',
    ]);
  }
  if (result.data.ZNS_REFRESH_TOKEN && !result.data.ZALO_APP_ID) {
    throw new EnvError([
      'ZALO_APP_ID, ZALO_SECRET_KEY: bắt buộc khi đặt ZNS_REFRESH_TOKEN (để làm mới access token của OA)',
    ]);
  }
  if (result.data.APP_ENV === 'production' && result.data.PAYMENT_SIMULATOR) {
    throw new EnvError(['PAYMENT_SIMULATOR: không được bật khi APP_ENV=production']);
  }
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY)) {
    throw new EnvError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: cần khai báo cả hai hoặc không khai báo cái nào']);
  }
  if (result.data.APP_ENV === 'production' && !result.data.VAPID_PUBLIC_KEY) {
    throw new EnvError([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: bắt buộc khi APP_ENV=production (tạo bằng: npx web-push generate-vapid-keys)',
    ]);
  }
  if (result.data.APP_ENV === 'production' && result.data.INVOICE_PROVIDER === 'simulator') {
    throw new EnvError(['INVOICE_PROVIDER: trình giả lập hóa đơn không được dùng khi APP_ENV=production']);
  }
  if (result.data.CARRIER_API_URL && !result.data.CARRIER_SMS_SECRET) {
    throw new EnvError(['CARRIER_SMS_SECRET: bắt buộc khi đặt CARRIER_API_URL']);
  }
  const fleet = fleetProblems(result.data);
  if (fleet.length > 0) throw new EnvError(fleet);
  return result.data;
}

/**
 * What N copies behind a load balancer cannot work with (INSTANCE_COUNT > 1): anything one copy
 * would make or keep for itself — a secret of its own, a SQLite file, uploads on its own disk,
 * limits and cache invalidation without Redis, its own Web Push keys.
 */
export function fleetProblems(env: Env): string[] {
  if (env.INSTANCE_COUNT <= 1) return [];
  const problems: string[] = [];
  const why = `khi INSTANCE_COUNT=${env.INSTANCE_COUNT}`;
  if (!env.SESSION_SECRET)
    problems.push(
      `SESSION_SECRET: bắt buộc ${why} (mỗi máy tự tạo khóa riêng thì phiên đăng nhập ở máy này không hợp lệ ở máy kia)`,
    );
  if (!env.DATABASE_URL) problems.push(`DATABASE_URL: bắt buộc ${why} (SQLite chỉ dành cho một tiến trình)`);
  if (!env.S3_BUCKET && !env.SHARED_DATA_DIR)
    problems.push(
      `S3_BUCKET: bắt buộc ${why}, hoặc đặt SHARED_DATA_DIR=1 nếu DATA_DIR là ổ dùng chung của mọi máy (tệp lưu trên đĩa riêng của một máy sẽ không có ở máy khác)`,
    );
  if (!env.REDIS_URL)
    problems.push(
      `REDIS_URL: bắt buộc ${why} (giới hạn truy cập và việc làm mới bộ nhớ đệm phải dùng chung giữa các máy)`,
    );
  if (!env.VAPID_PUBLIC_KEY)
    problems.push(
      `VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: bắt buộc ${why} (mỗi máy tự tạo cặp khóa riêng thì thông báo đẩy hỏng)`,
    );
  return problems;
}

/** The PostgreSQL URL the integration suite also runs against, when set (CI sets it). */
export function readTestDatabaseUrl(source: EnvSource = process.env): string | undefined {
  const value = source.TEST_DATABASE_URL?.trim();
  return value ? value : undefined;
}

/** The signature-checking S3 server the tests use (`.ci/run` starts Ceph radosgw and sets TEST_S3_*). */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export function readTestS3Server(source: EnvSource = process.env): TestS3Server | undefined {
  const endpoint = source.TEST_S3_ENDPOINT?.trim();
  const accessKeyId = source.TEST_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = source.TEST_S3_SECRET_ACCESS_KEY?.trim();
  if (!endpoint || !accessKeyId || !secretAccessKey) return undefined;
  return {
    endpoint,
    bucket: source.TEST_S3_BUCKET?.trim() || 'khai-tri',
    region: source.TEST_S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: source.TEST_S3_FORCE_PATH_STYLE?.trim() !== 'false',
    accessKeyId,
    secretAccessKey,
  };
}

/**
 * The PostgreSQL server the benchmarks that run on both engines use (bench -- exams): BENCH_DATABASE_URL,
 * else TEST_DATABASE_URL. Each run works in a schema of its own and drops it afterwards.
 */
export function readBenchDatabaseUrl(source: EnvSource = process.env): string | undefined {
  return source.BENCH_DATABASE_URL?.trim() || readTestDatabaseUrl(source);
}

/** Which engine an integration pass runs on: `sqlite` (default) or `postgres` (needs TEST_DATABASE_URL). */
export function readTestEngine(source: EnvSource = process.env): 'sqlite' | 'postgres' {
  return source.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The Chromium binary the browser journeys drive (Debian's `chromium` package by default). */
export function readChromiumPath(source: EnvSource = process.env): string {
  return source.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
}

/** The environment handed to a child process (the test runner's passes), with overrides. */
export function buildChildEnv(overrides: Record<string, string>, source: EnvSource = process.env): EnvSource {
  return { ...source, ...overrides };
}

/** Whether the process runs under CI (for the test runner's messages only). */
export function readIsCi(source: EnvSource = process.env): boolean {
  return Boolean(source.CI?.trim());
}
