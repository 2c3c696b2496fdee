/** The course's packages (gói học): the list with selling on or off, and a form to add one. */
import { Form } from 'react-router';
import { formatMoney } from '../../../../lib/format/money';
import { Badge, buttonClass, Empty, inputClass } from '../studio-ui';
import { Field, smallButton, type FormFeedback, type StudioCourseDetail } from './form-parts';
import { CYCLE_TEXT, PAYMENT_TYPE_TEXT } from './labels';

export function PodsTable({ course, feedback }: { course: StudioCourseDetail; feedback: FormFeedback | undefined }) {
  const mine = feedback?.intent === 'pod' ? feedback : undefined;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold">Gói học</h2>
      {course.pods.length === 0 ? (
        <Empty>Chưa có gói học. Thêm ít nhất một gói để có thể xuất bản.</Empty>
      ) : (
        <ul className="mb-3 divide-y divide-slate-100 text-sm">
          {course.pods.map((pod) => (
            <li key={pod.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{pod.name ?? CYCLE_TEXT[pod.cycle]}</span> · {CYCLE_TEXT[pod.cycle]} ·{' '}
                {formatMoney(pod.price)} · {PAYMENT_TYPE_TEXT[pod.payment_type] ?? pod.payment_type}
              </span>
              <span className="flex items-center gap-2">
                <Badge value={pod.is_active ? 'active' : 'draft'} text={pod.is_active ? 'Đang bán' : 'Ngừng bán'} />
                <Form method="post">
                  <input type="hidden" name="intent" value="pod-toggle" />
                  <input type="hidden" name="pod_id" value={pod.id} />
                  <button type="submit" className={smallButton}>
                    {pod.is_active ? 'Ngừng bán' : 'Bán lại'}
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_150px_130px_170px_auto] sm:items-end">
        <input type="hidden" name="intent" value="pod" />
        <Field scope="goi" label="Tên gói" name="name" value={mine?.values.name ?? ''} error={mine?.fields.name} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Chu kỳ</span>
          <select name="cycle" defaultValue={mine?.values.cycle ?? '3'} className={inputClass}>
            {Object.entries(CYCLE_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <Field
          label="Giá (đồng)"
          name="price"
          type="number"
          value={mine?.values.price ?? ''}
          error={mine?.fields.price}
        />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Thanh toán</span>
          <select name="payment_type" defaultValue={mine?.values.payment_type ?? 'online'} className={inputClass}>
            {Object.entries(PAYMENT_TYPE_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          Thêm gói
        </button>
      </Form>
    </section>
  );
}
