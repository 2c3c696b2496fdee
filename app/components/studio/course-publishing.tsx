/**
 * Course editor panels, part 2: the scheduled publish time, and a combo's child courses (search,
 * add, order, remove). Plain forms: they work before the page's scripts load.
 */
import { Form, Link } from 'react-router';
import { Empty, inputClass } from './studio-ui';
import type { FormFeedback } from './course-editor/form-parts';

const small = 'rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100';

/** An ISO time as the value of a datetime-local input, in Vietnam time (UTC+7). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
}

export function SchedulePanel({
  course,
  feedback,
}: {
  course: { is_published: boolean; publish_at: string | null };
  feedback: FormFeedback | undefined;
}) {
  if (course.is_published) return null;
  const mine = feedback?.intent === 'schedule' ? feedback : undefined;
  const value = mine?.values.publish_at ?? toLocalInput(course.publish_at);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-2 font-semibold">Hẹn giờ xuất bản</h2>
      {course.publish_at ? (
        <p className="mb-2" data-testid="scheduled">
          Sẽ tự xuất bản lúc {new Date(course.publish_at).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' })}{' '}
          (giờ Việt Nam).
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="schedule" />
        <label>
          <span className="mb-1 block font-medium">Thời điểm (giờ Việt Nam)</span>
          <input
            type="datetime-local"
            name="publish_at"
            defaultValue={value}
            className={inputClass}
            aria-invalid={mine?.fields.publish_at ? true : undefined}
          />
        </label>
        <button type="submit" className={small}>
          Hẹn giờ
        </button>
        {course.publish_at ? (
          <button type="submit" name="clear" value="1" className={small}>
            Hủy hẹn giờ
          </button>
        ) : null}
      </Form>
    </section>
  );
}

interface Child {
  id: number;
  title: string;
  type: string;
  is_published: boolean;
}

export function ComboChildren({ children, found, query }: { children: Child[]; found: Child[]; query: string }) {
  const ids = children.map((c) => c.id);
  const withIds = (next: number[], label: string, text: string) => (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="children" />
      <input type="hidden" name="child_ids" value={next.join(',')} />
      <button type="submit" className={small} aria-label={label}>
        {text}
      </button>
    </Form>
  );
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-2 font-semibold">Khóa học trong combo</h2>
      {children.length === 0 ? <Empty>Combo chưa có khóa học nào. Tìm và thêm bên dưới.</Empty> : null}
      <ol className="space-y-1">
        {children.map((child, i) => {
          const swap = (j: number) => {
            const next = [...ids];
            [next[i], next[j]] = [next[j]!, next[i]!];
            return next;
          };
          return (
            <li
              key={child.id}
              className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-1"
            >
              <Link to={`/studio/khoa-hoc/${child.id}`} className="min-w-0 truncate text-brand-700 underline">
                {child.title}
              </Link>
              <span className="flex gap-1">
                {i > 0 ? withIds(swap(i - 1), `Chuyển lên: ${child.title}`, '↑') : null}
                {i < children.length - 1 ? withIds(swap(i + 1), `Chuyển xuống: ${child.title}`, '↓') : null}
                {withIds(
                  ids.filter((id) => id !== child.id),
                  `Bỏ khỏi combo: ${child.title}`,
                  'Bỏ',
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-0 flex-1">
          <span className="mb-1 block font-medium">Tìm khóa học để thêm</span>
          <input type="search" name="tim" defaultValue={query} className={inputClass} />
        </label>
        <button type="submit" className={small}>
          Tìm
        </button>
      </Form>
      {query ? (
        found.length === 0 ? (
          <p className="mt-2 text-slate-600">Không tìm thấy khóa học phù hợp.</p>
        ) : (
          <ul className="mt-2 space-y-1" aria-label="Kết quả tìm kiếm">
            {found.map((course) => (
              <li key={course.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">
                  {course.title} {course.is_published ? '' : '· bản nháp'}
                </span>
                {course.type === 'combo' || ids.includes(course.id) ? (
                  <span className="text-slate-600">{ids.includes(course.id) ? 'Đã có' : 'Là combo'}</span>
                ) : (
                  withIds([...ids, course.id], `Thêm vào combo: ${course.title}`, 'Thêm')
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
