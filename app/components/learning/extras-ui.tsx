import type { ReactNode } from 'react';
import { splitLinks } from '../../../lib/text/plain-text';

/** A learner's plain text with its http(s) links made clickable; everything else stays text. */
export function LinkedText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line break-words text-slate-800">
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="text-brand-700 underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function PanelLoading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="animate-pulse py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Thử lại
      </button>
    </div>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

export function InlineMessage({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3 py-2 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {message}
    </p>
  );
}

export const TEXTAREA_CLASS = 'w-full rounded-xl border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600';
export const SECONDARY_BUTTON =
  'rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
