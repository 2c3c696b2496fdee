/**
 * The sample exams (Toán, Vật lý, Tiếng Anh in the 2025 structure), each with an always-open
 * practice room, and three contests: one open now, one upcoming, one finished with the results of
 * seeded candidates. Written through the exams service, as the studio will.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createCertificatesService } from '../../modules/certificates/certificates.service.ts';
import { createExamsService } from '../../modules/exams/index.ts';
import { slugify } from '../../lib/text/slug.ts';
import { EXAM_GATE } from './content-data.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { englishExam } from './exams/english.ts';
import { mathExam } from './exams/math.ts';
import { physicsExam } from './exams/physics.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEEDED_CONTESTS = {
  open: 'thi-thu-toan-thpt-2025-dot-1',
  upcoming: 'thi-thu-vat-ly-thpt-2025-dot-1',
  finished: 'thi-thu-tieng-anh-thpt-2025-dot-1',
} as const;

const CANDIDATES = [
  'Nguyễn Minh Anh',
  'Trần Gia Bảo',
  'Lê Thảo Chi',
  'Phạm Đức Dũng',
  'Hoàng Khánh Linh',
  'Vũ Quốc Huy',
  'Đặng Ngọc Mai',
  'Bùi Thanh Sơn',
];

export async function seedExams(db: Kysely<Database>, at: Date = new Date()): Promise<void> {
  const exams = createExamsService({ db, ownsCourse: async () => false });
  const mathId = await exams.createExam(mathExam);
  const physicsId = await exams.createExam(physicsExam);
  const englishId = await exams.createExam(englishExam);
  for (const id of [mathId, physicsId, englishId]) await exams.ensurePractice(id);

  const now = at.getTime();
  await exams.createContest({
    slug: SEEDED_CONTESTS.open,
    exam_id: mathId,
    title: 'Thi thử tốt nghiệp THPT 2025 — Toán, đợt 1',
    kind: 'contest',
    opens_at: new Date(now - HOUR),
    closes_at: new Date(now + 7 * DAY),
  });
  await exams.createContest({
    slug: SEEDED_CONTESTS.upcoming,
    exam_id: physicsId,
    title: 'Thi thử tốt nghiệp THPT 2025 — Vật lý, đợt 1',
    kind: 'contest',
    opens_at: new Date(now + 3 * DAY),
    closes_at: new Date(now + 4 * DAY),
  });
  const opens = now - 10 * DAY;
  await exams.createContest({
    slug: SEEDED_CONTESTS.finished,
    exam_id: englishId,
    title: 'Thi thử tốt nghiệp THPT 2025 — Tiếng Anh, đợt 1',
    kind: 'contest',
    opens_at: new Date(opens),
    closes_at: new Date(opens + DAY),
    // Letters as printed, so the seed can answer from the key it wrote.
    shuffle: false,
    certificate_min_score: 8,
  });

  // The finished contest's candidates take it on its day, on a clock the seed moves forward.
  let clock = opens + HOUR;
  const candidateExams = createExamsService({
    db,
    ownsCourse: async () => false,
    certifier: createCertificatesService({ db, publicUrl: '', siteName: '' }),
    now: () => new Date(clock),
  });
  for (const [index, fullName] of CANDIDATES.entries()) {
    const user = await createUser(db, {
      full_name: fullName,
      phone: null,
      email: `thi-sinh-${index + 1}@khaitri.demo`,
    });
    clock = opens + HOUR + index * 60_000;
    const room = await candidateExams.start(user.id, SEEDED_CONTESTS.finished);
    // Candidate i misses every question whose number is a multiple of (i + 2); the last two answer alike.
    const every = index >= 6 ? 9 : index + 2;
    let seq = 0;
    for (const [position, question] of room.questions.entries()) {
      const key = englishExam.questions[position]!.key as string;
      const wrong = ['A', 'B', 'C', 'D'].find((letter) => letter !== key)!;
      seq += 1;
      await candidateExams.saveAnswer(user.id, {
        attempt_id: room.attempt_id,
        question_id: question.id,
        answer: (position + 1) % every === 0 ? wrong : key,
        seq,
      });
    }
    clock += (index >= 6 ? 40 : 30 + index * 2) * 60_000;
    await candidateExams.submit(user.id, room.attempt_id);
  }
  // The contest is over: its results are final and the candidates from 8 points get their certificate.
  clock = now;
  await candidateExams.tick();
  await linkExamGatePosts(db);
}

/** Each exam_gate post presents its contest or practice room (posts seeded by db/seed/content.ts). */
async function linkExamGatePosts(db: Kysely<Database>): Promise<void> {
  for (const [title, , , target] of EXAM_GATE) {
    const post = await db.selectFrom('posts').select('id').where('slug', '=', slugify(title)).executeTakeFirst();
    if (!post) continue;
    const slug = target in SEEDED_CONTESTS ? SEEDED_CONTESTS[target as keyof typeof SEEDED_CONTESTS] : target;
    await db.updateTable('exam_contests').set({ post_id: post.id }).where('slug', '=', slug).execute();
  }
}
