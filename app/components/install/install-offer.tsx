/**
 * "Cài ứng dụng Khai Trí" where the page offers it (decision 0015): the account menu's entry, the
 * banner after a completed lesson, and the gate of a course studied only in the app. Each shows the
 * browser's prompt when there is one, the Share-menu steps on iOS Safari, and otherwise nothing —
 * except the app-only gate, which must say how to install from the browser's own menu.
 */
import type { ReactNode } from 'react';
import {
  dismissBanner,
  promptInstall,
  useBannerDismissed,
  useInstallOption,
  type InstallOption,
} from './install-store';

export const INSTALL_LABEL = 'Cài ứng dụng Khai Trí';
const IOS_STEPS = 'Nhấn nút Chia sẻ rồi chọn Thêm vào MH chính.';

/** The account menu's entry: a button with the browser's prompt, the steps on iOS Safari, else nothing. */
export function InstallMenuItem() {
  const option = useInstallOption();
  if (option === 'prompt') {
    return (
      <button
        type="button"
        onClick={() => void promptInstall()}
        className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-brand-700 hover:bg-slate-100"
      >
        {INSTALL_LABEL}
      </button>
    );
  }
  if (option === 'ios') {
    return (
      <p className="rounded-lg px-3 py-2 text-sm text-slate-700" data-testid="install-ios">
        <span className="font-medium text-slate-900">{INSTALL_LABEL}:</span> {IOS_STEPS}
      </p>
    );
  }
  return null;
}

/**
 * After a completed lesson on the study page (dark): once, until the learner closes it on this
 * device (localStorage), and only where installing is possible.
 */
export function InstallBanner() {
  const option = useInstallOption();
  const dismissed = useBannerDismissed();
  if (dismissed || (option !== 'prompt' && option !== 'ios')) return null;
  return (
    <aside
      aria-label="Cài ứng dụng"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-500/50 bg-brand-800/40 px-4 py-3 text-sm text-slate-100"
    >
      <p className="min-w-0 flex-1 basis-56">
        Cài ứng dụng Khai Trí để mở khóa học ngay từ màn hình chính điện thoại.
        {option === 'ios' ? <span className="mt-1 block font-semibold text-white">{IOS_STEPS}</span> : null}
      </p>
      <div className="flex gap-2">
        {option === 'prompt' ? (
          <button
            type="button"
            className="btn-primary px-3 py-2 text-sm"
            onClick={() => {
              void promptInstall().then((outcome) => {
                if (outcome === 'dismissed') dismissBanner();
              });
            }}
          >
            {INSTALL_LABEL}
          </button>
        ) : null}
        <button
          type="button"
          onClick={dismissBanner}
          className="min-h-10 rounded-lg border border-slate-600 px-3 py-2 text-sm hover:bg-slate-800"
        >
          Để sau
        </button>
      </div>
    </aside>
  );
}

function BrowserMenuSteps() {
  return (
    <>
      Mở menu của trình duyệt (⋮ hoặc ⋯) và chọn “Cài đặt ứng dụng” hoặc “Thêm vào màn hình chính”. Trên iPhone, mở
      trang bằng Safari, nhấn nút Chia sẻ rồi chọn Thêm vào MH chính. Nếu đã cài, hãy mở ứng dụng Khai Trí từ màn hình
      chính.
    </>
  );
}

/**
 * How to get the app from this browser: the prompt's button, the iOS steps, or the browser menu's
 * steps; `open` and `study` end its sentences ("mở khóa học", "học khóa này").
 */
function InstallSteps({ option, open, study }: { option: InstallOption; open: string; study: string }) {
  if (option === 'prompt') {
    return (
      <>
        <p className="mt-2">Cài ứng dụng (không cần kho ứng dụng) rồi {open} từ màn hình chính.</p>
        <button type="button" className="btn-primary mt-4" onClick={() => void promptInstall()}>
          {INSTALL_LABEL}
        </button>
      </>
    );
  }
  if (option === 'installed') {
    return <p className="mt-2">Đã cài xong. Mở ứng dụng Khai Trí từ màn hình chính để {study}.</p>;
  }
  if (option === 'ios') return <p className="mt-2">Để cài ứng dụng: {IOS_STEPS}</p>;
  return (
    <p className="mt-2">
      <BrowserMenuSteps />
    </p>
  );
}

/**
 * A course studied only in the app ("Chỉ học trên App"): the installed app shows `children`; a
 * browser tab gets the installation offer instead. Before hydration the stylesheet decides by the
 * display mode (the `standalone` variant): the app shows "Đang mở bài học…", a tab the offer.
 */
export function AppOnlyGate({ children, tone = 'dark' }: { children: ReactNode; tone?: 'dark' | 'light' }) {
  const option = useInstallOption();
  if (option === 'app') return <>{children}</>;
  const dark = tone === 'dark';
  const offer = (
    <section
      aria-labelledby="chi-hoc-tren-app"
      className={`rounded-xl border px-4 py-6 ${dark ? 'border-brand-500/50 bg-brand-800/30 text-slate-100' : 'border-brand-100 bg-brand-50 text-slate-800'}`}
      data-testid="app-only-gate"
    >
      <h2 id="chi-hoc-tren-app" className={`text-lg font-bold ${dark ? 'text-white' : 'text-brand-800'}`}>
        Khóa học này học trên ứng dụng Khai Trí
      </h2>
      <InstallSteps option={option === 'unknown' ? 'none' : option} open="mở khóa học" study="học khóa này" />
    </section>
  );
  if (option !== 'unknown') return offer;
  return (
    <>
      <div className="standalone:hidden">{offer}</div>
      <p className={`hidden standalone:block ${dark ? 'text-slate-300' : 'text-slate-700'}`}>Đang mở bài học…</p>
    </>
  );
}

/** The course page's line for an app-only course (light), with the same offer in a browser tab. */
export function AppOnlyNote() {
  const option = useInstallOption();
  if (option === 'app') return null;
  return (
    <div
      className="rounded-xl bg-brand-50 px-3 py-3 text-sm text-slate-800 standalone:hidden"
      data-testid="app-only-note"
    >
      <p className="font-semibold text-brand-800">Khóa học này học trên ứng dụng Khai Trí.</p>
      {option === 'prompt' ? (
        <button
          type="button"
          className="mt-2 font-semibold text-brand-700 underline"
          onClick={() => void promptInstall()}
        >
          {INSTALL_LABEL}
        </button>
      ) : option === 'ios' ? (
        <p className="mt-1">Để cài ứng dụng: {IOS_STEPS}</p>
      ) : option === 'installed' ? (
        <p className="mt-1">Đã cài xong: mở ứng dụng Khai Trí từ màn hình chính để học.</p>
      ) : (
        <p className="mt-1">
          <BrowserMenuSteps />
        </p>
      )}
    </div>
  );
}

/** The /tai-app page's offer: the same steps for this browser, or where the learner already is. */
export function InstallPageOffer() {
  const option = useInstallOption();
  if (option === 'app') {
    return <p data-testid="install-page-in-app">Bạn đang dùng ứng dụng Khai Trí. Chúc bạn học tốt!</p>;
  }
  return (
    <div data-testid="install-page-offer">
      <InstallSteps option={option === 'unknown' ? 'none' : option} open="mở Khai Trí" study="học" />
    </div>
  );
}
