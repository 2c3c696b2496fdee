import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatMoney, FREE_TEXT } from '../../../lib/format/money';
import { describePackageLabel } from '../../../lib/format/price-periods';
import { FormMessage } from '../form-field';

interface Pod {
  id: number;
  name: string | null;
  cycle: number;
  price: number;
}

interface PurchaseCourse {
  slug: string;
  type: string | null;
  is_free: boolean;
  pods: Pod[];
}

/** The price as the course card shows it (retail: the price and the struck-through list price). */
interface PriceLine {
  priceText: string;
  oldPriceText: string | null;
  isFree: boolean;
}

const podPrice = (pod: Pod) => (pod.price === 0 ? FREE_TEXT : formatMoney(pod.price, pod.cycle));
const podLabel = (pod: Pod) => pod.name ?? describePackageLabel(pod.cycle);

function Price({ text, oldText, free }: { text: string; oldText: string | null; free: boolean }) {
  return (
    <p className="flex items-baseline gap-2" data-testid="course-price">
      <span className={`text-2xl font-extrabold ${free ? 'text-emerald-700' : 'text-brand-700'}`}>{text}</span>
      {oldText ? <s className="text-slate-600">{oldText}</s> : null}
    </p>
  );
}

/** The packages of a course as one radio group; each option is a full-width, thumb-sized row. */
function PackageChoice({ pods, chosen, onChoose }: { pods: Pod[]; chosen: number; onChoose: (id: number) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Chọn gói học</legend>
      {pods.map((pod) => (
        <label
          key={pod.id}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
        >
          <input
            type="radio"
            name="pod_id"
            value={pod.id}
            checked={chosen === pod.id}
            onChange={() => onChoose(pod.id)}
            className="h-5 w-5 shrink-0 accent-brand-600"
          />
          <span className="flex-1">{podLabel(pod)}</span>
          <span className="font-semibold">{podPrice(pod)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The course page's box: the price, the packages to choose from (a radio group whose choice the
 * price and both buttons follow), then "Vào học" for an owned or free course, or "Mua ngay" (straight
 * to the checkout with the chosen package) and "Thêm vào giỏ hàng". Without JavaScript the form posts
 * the checked package to the page's action just the same.
 */
export function PurchaseBox({
  course,
  price,
  owned,
  error,
}: {
  course: PurchaseCourse;
  price: PriceLine;
  owned: boolean;
  error?: string | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const intent = busy ? navigation.formData?.get('intent') : null;
  const [chosen, setChosen] = useState(course.pods[0]?.id ?? 0);
  const packaged = course.type !== 'retail' && course.pods.length > 0;
  const pod = course.pods.find((item) => item.id === chosen) ?? course.pods[0];
  const shown = packaged && pod ? { text: podPrice(pod), oldText: null, free: pod.price === 0 } : null;
  const priceLine = (
    <Price
      text={shown?.text ?? price.priceText}
      oldText={shown ? shown.oldText : price.oldPriceText}
      free={shown?.free ?? price.isFree}
    />
  );

  if (owned) {
    return (
      <>
        {priceLine}
        <Link to={`/vao-hoc/${course.slug}`} className="btn-primary w-full">
          Vào học
        </Link>
      </>
    );
  }
  if (course.is_free) {
    return (
      <>
        {priceLine}
        <Form method="post">
          <FormMessage message={error} />
          <input type="hidden" name="intent" value="enrol" />
          <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={busy}>
            {busy ? 'Đang ghi danh…' : 'Vào học'}
          </button>
        </Form>
      </>
    );
  }
  if (!pod) return priceLine;
  return (
    <Form method="post" className="space-y-3">
      {priceLine}
      {packaged && course.pods.length > 1 ? (
        <PackageChoice pods={course.pods} chosen={pod.id} onChoose={setChosen} />
      ) : (
        <>
          <input type="hidden" name="pod_id" value={pod.id} />
          {packaged ? (
            <p className="flex justify-between rounded-xl bg-slate-50 px-3 py-2 text-sm">
              <span>{podLabel(pod)}</span>
              <span className="font-semibold">{podPrice(pod)}</span>
            </p>
          ) : null}
        </>
      )}
      <FormMessage message={error} />
      <button
        type="submit"
        name="intent"
        value="buy"
        className="btn-primary w-full disabled:opacity-60"
        disabled={busy}
        aria-describedby={packaged ? 'goi-da-chon' : undefined}
      >
        {intent === 'buy' ? 'Đang chuyển tới thanh toán…' : 'Mua ngay'}
      </button>
      <button
        type="submit"
        name="intent"
        value="add"
        className="flex min-h-11 w-full items-center justify-center rounded-xl border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        disabled={busy}
      >
        {intent === 'add' ? 'Đang thêm…' : 'Thêm vào giỏ hàng'}
      </button>
      {packaged ? (
        <p id="goi-da-chon" className="text-sm text-slate-600" aria-live="polite">
          Gói đã chọn: <strong>{podLabel(pod)}</strong> · {podPrice(pod)}
        </p>
      ) : null}
    </Form>
  );
}
