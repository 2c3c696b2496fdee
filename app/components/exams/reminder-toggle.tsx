/**
 * "Nhắc tôi" / "Bỏ nhắc" on an upcoming contest: a plain form post to the page's own action (works
 * without JavaScript; with it, the page revalidates in place). Anonymous visitors sign in first and
 * come back to the page.
 */
import { Form, Link, useNavigation } from 'react-router';

export function ReminderToggle({
  slug,
  reminding,
  signInPath,
}: {
  slug: string;
  /** null: nobody is signed in. */
  reminding: boolean | null;
  signInPath: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('slug') === slug;
  if (reminding === null) {
    return (
      <Link to={signInPath} className="text-sm font-medium text-sky-700 hover:underline" data-testid="remind-sign-in">
        Đăng nhập để được nhắc
      </Link>
    );
  }
  return (
    <Form method="post" className="inline-flex items-center gap-2" data-testid="reminder">
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="intent" value={reminding ? 'unremind' : 'remind'} />
      <button
        type="submit"
        disabled={busy}
        aria-pressed={reminding}
        className={
          reminding
            ? 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700'
            : 'rounded-lg bg-amber-500 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-600'
        }
        data-testid="remind-toggle"
      >
        {busy ? 'Đang lưu…' : reminding ? 'Bỏ nhắc' : 'Nhắc tôi'}
      </button>
      {reminding ? (
        <span className="text-xs text-emerald-700" role="status">
          Sẽ nhắc bạn 15 phút trước giờ mở
        </span>
      ) : null}
    </Form>
  );
}
