import { useState } from 'react';

/** Copies `text` to the clipboard and says so; where the clipboard is unavailable the text is selected. */
export function CopyButton({ text, targetId, label }: { text: string; targetId: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const target = document.getElementById(targetId);
      if (target) window.getSelection()?.selectAllChildren(target);
      setState('selected');
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Đã sao chép' : state === 'selected' ? 'Nhấn Ctrl+C' : 'Sao chép'}
      </span>
    </button>
  );
}
