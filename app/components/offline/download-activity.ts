/**
 * Whether a download is under way on this page. A phone's link is narrow: while a lesson downloads,
 * the player of a video the learner is not watching stops buffering (it would share the link with
 * the download), and takes up again when the download ends or the learner taps play.
 */
type Listener = (active: boolean) => void;

let active = 0;
const listeners = new Set<Listener>();

function tell(state: boolean) {
  for (const listener of listeners) listener(state);
}

/** Marks a download as started; the function returned marks it as ended (once). */
export function beginDownload(): () => void {
  active += 1;
  if (active === 1) tell(true);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active -= 1;
    if (active === 0) tell(false);
  };
}

/** Calls `listener` with true when downloads start and false when the last one ends; returns the unsubscribe. */
export function onDownloadActivity(listener: Listener): () => void {
  listeners.add(listener);
  if (active > 0) listener(true);
  return () => listeners.delete(listener);
}
