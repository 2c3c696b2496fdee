import { useEffect, useState } from 'react';

type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

const API = '/api/user/push_subscription.json';

/** base64url → the bytes PushManager.subscribe wants as applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

async function send(method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await fetch(API, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`push subscription ${method} ${response.status}`);
}

/**
 * "Nhận thông báo trên trình duyệt": asks the browser's permission only when clicked (never on page
 * load), registers the service worker (/sw.js), subscribes with our VAPID key and stores the
 * subscription; clicking again unsubscribes here and on the server.
 */
export function PushToggle({ publicKey }: { publicKey: string }) {
  const [state, setState] = useState<PushState>('checking');
  const [message, setMessage] = useState('');

  useEffect(() => {
    // Read once after hydration (the server cannot know); nothing here asks for permission.
    const initial: Promise<PushState> = !supported()
      ? Promise.resolve('unsupported')
      : Notification.permission === 'denied'
        ? Promise.resolve('denied')
        : currentSubscription().then(
            (subscription) => (subscription ? 'on' : 'off'),
            () => 'off',
          );
    void initial.then(setState);
  }, []);

  async function turnOn() {
    setState('busy');
    setMessage('');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      await send('POST', subscription.toJSON());
      setState('on');
      setMessage('Đã bật thông báo trên trình duyệt này.');
    } catch {
      setState('off');
      setMessage('Không bật được thông báo trên trình duyệt này. Vui lòng thử lại.');
    }
  }

  async function turnOff() {
    setState('busy');
    setMessage('');
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await send('DELETE', { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState('off');
      setMessage('Đã tắt thông báo trên trình duyệt này.');
    } catch {
      setState('on');
      setMessage('Không tắt được thông báo. Vui lòng thử lại.');
    }
  }

  const on = state === 'on';
  return (
    <section
      aria-labelledby="thong-bao-trinh-duyet"
      className="mb-4 rounded-2xl border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="thong-bao-trinh-duyet" className="font-semibold text-slate-900">
            Nhận thông báo trên trình duyệt
          </h2>
          <p className="text-sm text-slate-600">
            {state === 'unsupported'
              ? 'Trình duyệt này không hỗ trợ thông báo đẩy.'
              : state === 'denied'
                ? 'Bạn đã chặn thông báo của trang này; hãy cho phép lại trong cài đặt trình duyệt.'
                : 'Kết quả thanh toán, nhắc gia hạn, trả lời thảo luận… hiện ngay cả khi bạn không mở trang.'}
          </p>
        </div>
        {state === 'unsupported' || state === 'denied' ? null : (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="thong-bao-trinh-duyet"
            disabled={state === 'busy' || state === 'checking'}
            onClick={() => void (on ? turnOff() : turnOn())}
            className={`relative h-7 w-12 shrink-0 rounded-full transition disabled:opacity-60 ${on ? 'bg-brand-600' : 'bg-slate-300'}`}
          >
            <span
              aria-hidden="true"
              className={`absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-5' : ''}`}
            />
          </button>
        )}
      </div>
      {message ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {message}
        </p>
      ) : null}
    </section>
  );
}
