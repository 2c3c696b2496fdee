import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivationCode } from '../../tests/factories/activation.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createTestContext, currentEngine, type TestContext } from '../../tests/helpers/test-app.ts';
import { generateActivationBatch, type BatchInput } from './activation-batches.ts';
import { isWellFormedActivationCode, normaliseActivationCode } from './activation-code.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const base = (target: BatchInput['target']): BatchInput => ({
  target,
  count: 25,
  uses: 1,
  accessDays: null,
  startsAt: new Date(),
  endsAt: null,
  batch: 'test-batch',
});

describe('activation code batches', () => {
  it('writes unique 12-character codes without look-alikes, bound to the package and its course', async () => {
    const course = await createPaidCourse(t.db, 99_000, { cycle: 3 });
    const batch = await generateActivationBatch(t.db, { ...base({ podId: course.podId }), uses: 5, accessDays: 60 });
    expect(batch).toMatchObject({ course: { id: course.id, slug: course.slug }, podId: course.podId });
    const codes = batch.codes.map((row) => row.code);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) {
      expect(isWellFormedActivationCode(code)).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
    const stored = await t.db.selectFrom('activation_codes').selectAll().where('batch', '=', 'test-batch').execute();
    expect(stored).toHaveLength(25);
    expect(stored[0]).toMatchObject({
      course_id: course.id,
      pod_id: course.podId,
      max_uses: 5,
      used: 0,
      access_days: 60,
    });
  });

  it('draws again when a code already exists or repeats within the batch', async () => {
    const course = await createPaidCourse(t.db);
    const existing = await createActivationCode(t.db, course.id);
    const draws = [existing.code, 'AAAAAAAAAAAA', 'AAAAAAAAAAAA', 'BBBBBBBBBBBB'];
    const batch = await generateActivationBatch(t.db, { ...base({ courseSlug: course.slug }), count: 2 }, () =>
      draws.shift()!,
    );
    expect(batch.codes.map((row) => row.code).sort()).toEqual(['AAAAAAAAAAAA', 'BBBBBBBBBBBB']);
    expect(draws).toEqual([]);
  });

  it('refuses an unknown course or package and out-of-range values with Vietnamese messages', async () => {
    const course = await createPaidCourse(t.db);
    const input = base({ courseSlug: course.slug });
    await expect(generateActivationBatch(t.db, base({ courseSlug: 'khong-co' }))).rejects.toThrow(
      'Không tìm thấy khóa học có slug "khong-co".',
    );
    await expect(generateActivationBatch(t.db, base({ podId: 2_000_000 }))).rejects.toThrow(
      'Không tìm thấy gói học có id 2000000.',
    );
    await expect(generateActivationBatch(t.db, { ...input, count: 0 })).rejects.toThrow(
      'Số lượng mã phải từ 1 đến 10000.',
    );
    await expect(generateActivationBatch(t.db, { ...input, endsAt: new Date(Date.now() - 1000) })).rejects.toThrow(
      'Ngày hết hạn phải sau ngày bắt đầu và sau hôm nay.',
    );
  });

  it('normalises what learners type', () => {
    expect(normaliseActivationCode(' kttH-u234 5678 ')).toBe('KTTHU2345678');
    expect(normaliseActivationCode('ＫＴＴＨ–Ｕ２３４—５６７８')).toBe('KTTHU2345678');
  });
});

describe.skipIf(currentEngine() !== 'sqlite')('npm run codes:generate', () => {
  const run = (args: string[]) =>
    promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/codes.ts', ...args], {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', APP_ENV: 'test', LOG_LEVEL: 'silent' },
    });

  it('writes the CSV file and exits 0', async () => {
    const course = await createPaidCourse(t.db);
    const out = path.join(t.dataDir, 'codes.csv');
    const { stdout } = await run([
      '--course',
      course.slug,
      '--count',
      '3',
      '--uses',
      '2',
      '--days',
      '30',
      '--valid-until',
      '2099-12-31',
      '--out',
      out,
    ]);
    expect(stdout).toContain(`Đã tạo 3 mã kích hoạt`);
    const [header, ...rows] = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(header).toBe('code,course,package,uses,access_days,valid_from,valid_until');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(new RegExp(`^[A-Z2-9]{12},${course.slug},,2,30,\\d{4}-.+Z,2099-12-31T16:59:59\\.999Z$`));
  });

  it('exits non-zero with a clear message on a bad option or an unknown course', async () => {
    await expect(run(['--count', '3'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Cần đúng một trong hai: --course <slug> hoặc --pod <id>.'),
    });
    await expect(run(['--course', 'khong-co'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Lỗi: Không tìm thấy khóa học có slug "khong-co".'),
    });
    await expect(run(['--pod', 'abc'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--pod phải là số nguyên dương'),
    });
  });
});
