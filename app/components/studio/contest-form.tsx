/**
 * The contest's schedule form (create and edit). Once a candidate has started, the fields that must
 * stay as the candidates had them are shown read-only and sent as they are (the API refuses a change).
 */
import { Form } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { FormField } from '../form-field';
import { ENTRY_RULE_TEXT, KEY_VISIBILITY_TEXT, KIND_TEXT } from './contest-parts';
import { buttonClass, inputClass } from './studio-ui';

export interface ContestFormValues {
  title: string;
  exam_id: number | null;
  kind: string;
  opens_at: string | null;
  closes_at: string | null;
  duration_minutes: number | null;
  max_attempts: number | null;
  entry_rule: string;
  entry_course_id: number | null;
  has_entry_code: boolean;
  key_visibility: string;
  is_ranked: boolean;
  shuffle: boolean;
  post_id: number | null;
  certificate_min_score: number | null;
  certificates_issued_at: string | null;
}

interface Choices {
  exams: { id: number; title: string; duration_minutes: number }[];
  posts: { id: number; title: string; published: boolean }[];
  courses: { id: number; title: string }[];
}

const local = (iso: string | null | undefined) => (iso ? formatDateTime(iso, 'YYYY-MM-DDTHH:mm') : '');

function Select(props: {
  label: string;
  name: string;
  value: string;
  options: [string, string][];
  error?: string | undefined;
  locked?: boolean;
  hint?: string;
}) {
  const id = `truong-${props.name}`;
  return (
    <div className="mb-4 text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={id}
        name={props.locked ? undefined : props.name}
        defaultValue={props.value}
        disabled={props.locked}
        className={inputClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-loi` : undefined}
      >
        {props.options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      {props.locked ? <input type="hidden" name={props.name} value={props.value} /> : null}
      {props.hint ? <p className="mt-1 text-xs text-slate-600">{props.hint}</p> : null}
      {props.error ? (
        <p id={`${id}-loi`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function ContestForm({
  contest,
  choices,
  started,
  failed,
  busy,
  canWrite,
}: {
  contest: ContestFormValues | null;
  choices: Choices;
  started: boolean;
  failed: { values: Record<string, string>; fields: Record<string, string> } | undefined;
  busy: boolean;
  canWrite: boolean;
}) {
  const v = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  const err = (name: string) => failed?.fields[name];
  const checked = (name: string, fallback: boolean) => (failed ? failed.values[name] === 'on' : fallback);
  const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const shuffle = checked('shuffle', contest?.shuffle ?? true);
  return (
    <Form method="post" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4" noValidate>
      <p className="mb-4 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="edit-rules">
        {started
          ? 'Đã có thí sinh làm bài: đề thi, loại, giờ mở, thời gian làm bài và cách đảo câu không đổi được nữa (mọi thí sinh phải làm cùng một đề, cùng thời lượng). Giờ đóng chỉ có thể lùi muộn hơn; bài đang làm giữ giờ nộp đã tính lúc bắt đầu.'
          : 'Khi thí sinh đầu tiên bắt đầu làm bài, đề thi, loại, giờ mở, thời gian làm bài và cách đảo câu sẽ được giữ cố định; giờ đóng chỉ còn lùi muộn hơn được.'}
      </p>
      <fieldset disabled={!canWrite || busy} className="grid gap-x-4 sm:grid-cols-2">
        <legend className="sr-only">Lịch kỳ thi</legend>
        <div className="sm:col-span-2">
          <FormField
            label="Tên kỳ thi"
            name="title"
            defaultValue={v('title', contest?.title ?? '')}
            error={err('title')}
          />
        </div>
        <Select
          label="Đề thi"
          name="exam_id"
          value={v('exam_id', str(contest?.exam_id))}
          locked={started}
          error={err('exam_id')}
          options={[
            ['', 'Chọn đề thi'],
            ...choices.exams.map((e): [string, string] => [String(e.id), `${e.title} (${e.duration_minutes} phút)`]),
          ]}
        />
        <Select
          label="Loại"
          name="kind"
          value={v('kind', contest?.kind ?? 'contest')}
          locked={started}
          error={err('kind')}
          options={Object.entries(KIND_TEXT)}
        />
        <FormField
          label="Giờ mở (giờ Việt Nam)"
          name="opens_at"
          type="datetime-local"
          readOnly={started}
          defaultValue={v('opens_at', local(contest?.opens_at))}
          error={err('opens_at')}
        />
        <FormField
          label="Giờ đóng (giờ Việt Nam)"
          name="closes_at"
          type="datetime-local"
          defaultValue={v('closes_at', local(contest?.closes_at))}
          error={err('closes_at')}
          hint="Luyện tập: để trống cả giờ mở và giờ đóng để mở mọi lúc."
        />
        <FormField
          label="Thời gian làm bài (phút)"
          name="duration_minutes"
          inputMode="numeric"
          readOnly={started}
          defaultValue={v('duration_minutes', str(contest?.duration_minutes))}
          error={err('duration_minutes')}
          hint="Phải nằm gọn trong khung giờ thi. Đề THPT: Toán 90 phút, các môn khác 50 phút."
        />
        <FormField
          label="Số lượt làm bài (để trống: không giới hạn)"
          name="max_attempts"
          inputMode="numeric"
          defaultValue={v('max_attempts', contest ? str(contest.max_attempts) : '1')}
          error={err('max_attempts')}
        />
        <Select
          label="Ai được dự thi"
          name="entry_rule"
          value={v('entry_rule', contest?.entry_rule ?? 'signed_in')}
          error={err('entry_rule')}
          options={Object.entries(ENTRY_RULE_TEXT)}
        />
        <Select
          label="Khóa học (khi dành cho học viên đã mua)"
          name="entry_course_id"
          value={v('entry_course_id', str(contest?.entry_course_id))}
          error={err('entry_course_id')}
          options={[['', 'Không chọn'], ...choices.courses.map((c): [string, string] => [String(c.id), c.title])]}
        />
        <FormField
          label="Mã dự thi (khi dành cho người có mã)"
          name="entry_code"
          autoComplete="off"
          defaultValue={v('entry_code', '')}
          error={err('entry_code')}
          hint={
            contest?.has_entry_code
              ? 'Mã được lưu dạng băm nên không hiện lại; để trống để giữ mã hiện tại.'
              : 'Mã được lưu dạng băm: hãy ghi lại để gửi cho thí sinh.'
          }
        />
        <Select
          label="Công bố đáp án và lời giải"
          name="key_visibility"
          value={v('key_visibility', contest?.key_visibility ?? 'after_close')}
          error={err('key_visibility')}
          options={Object.entries(KEY_VISIBILITY_TEXT)}
        />
        <div className="sm:col-span-2">
          <Select
            label="Bài viết cổng thi giới thiệu kỳ thi"
            name="post_id"
            value={v('post_id', str(contest?.post_id))}
            error={err('post_id')}
            hint="Bài viết loại Cổng thi (tạo ở Nội dung › Bài viết)."
            options={[
              ['', 'Không liên kết'],
              ...choices.posts.map((p): [string, string] => [
                String(p.id),
                `${p.title}${p.published ? '' : ' (bản nháp)'}`,
              ]),
            ]}
          />
        </div>
        <FormField
          label="Cấp chứng nhận từ (điểm; để trống: không cấp)"
          name="certificate_min_score"
          inputMode="decimal"
          readOnly={Boolean(contest?.certificates_issued_at)}
          defaultValue={v('certificate_min_score', str(contest?.certificate_min_score).replace('.', ','))}
          error={err('certificate_min_score')}
          hint={
            contest?.certificates_issued_at
              ? 'Chứng nhận đã được cấp khi kỳ thi đóng: không đổi được điểm cấp.'
              : 'Khi kỳ thi đóng, thí sinh đạt từ điểm này (lượt đầu) nhận chứng nhận tra cứu được tại /chung-chi.'
          }
        />
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="is_ranked" defaultChecked={checked('is_ranked', contest?.is_ranked ?? true)} />{' '}
          Xếp hạng thí sinh (điểm, rồi thời gian làm bài)
        </label>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name={started ? undefined : 'shuffle'} defaultChecked={shuffle} disabled={started} />{' '}
          Đảo câu hỏi và phương án cho từng thí sinh
          {started && shuffle ? <input type="hidden" name="shuffle" value="on" /> : null}
        </label>
        {err('is_ranked') ? <p className="mb-3 text-sm text-red-700">{err('is_ranked')}</p> : null}
        {err('shuffle') ? <p className="mb-3 text-sm text-red-700">{err('shuffle')}</p> : null}
      </fieldset>
      {canWrite ? (
        <button type="submit" className={`${buttonClass} mt-2`} disabled={busy}>
          {busy ? 'Đang lưu…' : contest ? 'Lưu kỳ thi' : 'Lên lịch kỳ thi'}
        </button>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Bạn chỉ có quyền xem kỳ thi.</p>
      )}
    </Form>
  );
}
