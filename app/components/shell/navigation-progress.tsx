/**
 * A thin bar across the top of the screen while a client-side navigation waits for its data, so a
 * learner on a slow connection sees that the tap was taken (the old page stays until the new one
 * is ready). It appears only after a short delay — fast navigations show nothing — and announces
 * itself to screen readers once.
 */
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Below this a navigation feels instant and a flashing bar would only distract. */
const SHOW_AFTER_MS = 150;

export function NavigationProgress() {
  const navigation = useNavigation();
  // The navigation under way, by its target's key; the bar shows once that one has lasted long enough.
  const pending = navigation.state === 'idle' ? null : (navigation.location?.key ?? navigation.state);
  const [slow, setSlow] = useState<string | null>(null);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setSlow(pending), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const visible = pending !== null && slow === pending;
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Đang tải trang"
      aria-busy="true"
      data-testid="navigation-progress"
      className="kt-navigation-progress fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-blue-100"
    >
      <div className="kt-navigation-progress-bar h-full w-1/3 bg-blue-600" />
      <span className="sr-only" aria-live="polite">
        Đang tải…
      </span>
    </div>
  );
}
