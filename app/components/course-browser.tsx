import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { LEARNING_PLATFORMS } from '../../lib/platform';
import { COURSE_SORT_LABELS } from '../../modules/catalog/course-mapping';
import type { CourseListItem } from '../../lib/course-card';
import { CourseGrid } from './course-card';
import { Pagination } from './pagination';
import { EmptyState } from './post-card';

interface Option {
  slug: string;
  name: string;
}

export interface CourseBrowserProps {
  courses: CourseListItem[];
  total: number;
  page: number;
  limit: number;
  search: string;
  values: Record<string, string | boolean | number | undefined>;
  categories?: Option[];
  subjects: Option[];
  priceRanges: Array<{ id: string; title: string }>;
}

const TYPE_LABELS: Record<string, string> = {
  retail: 'Khóa lẻ',
  combo: 'Combo',
  api: 'Khóa đối tác',
  no_retail: 'Theo gói',
};

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select name={name} defaultValue={value} className="rounded-lg border border-slate-300 bg-white px-2 py-2">
        <option value="">Tất cả</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The course list with its filter form (GET: filters and sort live in the URL) and pagination. */
export function CourseBrowser(props: CourseBrowserProps) {
  const submit = useSubmit();
  const busy = useNavigation().state === 'loading';
  const value = (key: string) => (props.values[key] === undefined ? '' : String(props.values[key]));
  const checked = (key: string) => props.values[key] === true;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[260px_minmax(0,1fr)]">
      <Form
        method="get"
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 self-start"
        aria-label="Bộ lọc khóa học"
        onChange={(event) => {
          // Keep the URL short: only the filters that are set.
          const params = new URLSearchParams();
          for (const [key, entry] of new FormData(event.currentTarget))
            if (entry !== '') params.append(key, String(entry));
          void submit(params, { method: 'get', preventScrollReset: true });
        }}
      >
        {props.categories ? (
          <Select
            name="category"
            label="Danh mục"
            value={value('category')}
            options={props.categories.map((c) => [c.slug, c.name])}
          />
        ) : null}
        <Select
          name="subject"
          label="Chủ đề"
          value={value('subject')}
          options={props.subjects.map((s) => [s.slug, s.name])}
        />
        <Select name="type" label="Loại khóa học" value={value('type')} options={Object.entries(TYPE_LABELS)} />
        <Select
          name="platform"
          label="Nền tảng học"
          value={value('platform')}
          options={LEARNING_PLATFORMS.filter((p) => p.value).map((p) => [p.value, p.label])}
        />
        <Select
          name="price_range"
          label="Khoảng giá"
          value={value('price_range')}
          options={props.priceRanges.map((r) => [r.id, r.title])}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="free" value="1" defaultChecked={checked('free')} className="h-4 w-4" /> Chỉ khóa
          miễn phí
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="hot" value="1" defaultChecked={checked('hot')} className="h-4 w-4" /> Khóa học
          nổi bật
        </label>
        <Select name="sort" label="Sắp xếp" value={value('sort')} options={Object.entries(COURSE_SORT_LABELS)} />
        <noscript>
          <button type="submit" className="btn-primary w-full">
            Lọc
          </button>
        </noscript>
        <Link to="?" className="inline-flex min-h-6 items-center justify-center text-sm text-brand-700 hover:underline">
          Xóa bộ lọc
        </Link>
      </Form>
      <section aria-live="polite" aria-busy={busy}>
        {/* The list's heading (h1 is the page title; the cards are h3). */}
        <h2 className="mb-3 text-sm font-normal text-slate-600">{props.total} khóa học</h2>
        {props.courses.length === 0 ? (
          <EmptyState>Không có khóa học nào phù hợp. Hãy thử bỏ bớt bộ lọc.</EmptyState>
        ) : (
          <CourseGrid courses={props.courses} eagerCount={2} />
        )}
        <Pagination page={props.page} limit={props.limit} total={props.total} search={props.search} />
      </section>
    </div>
  );
}
