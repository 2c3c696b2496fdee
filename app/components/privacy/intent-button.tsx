/** A submit button for one intent of a form with several: it says `busyText` and waits while that intent is sent. */
export function IntentButton(props: {
  intent: string;
  busyIntent: string | null;
  busyText: string;
  className: string;
  children: string;
}) {
  const busy = props.busyIntent === props.intent;
  return (
    <button type="submit" name="intent" value={props.intent} className={props.className} disabled={busy}>
      {busy ? props.busyText : props.children}
    </button>
  );
}
