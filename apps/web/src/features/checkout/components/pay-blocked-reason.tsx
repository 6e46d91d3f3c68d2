/**
 * Why Pay or Place order is off, in words, right under the button: the button names this text with
 * aria-describedby (`describedBy`). The paragraph stays in the page while empty, so a reason that comes later (the
 * shop pauses) is read out as it appears.
 */
export function PayBlockedReason({ id, reason }: { id: string; reason: string | null }) {
  return (
    <p id={id} className="ui-p ui-body2 checkout-blocked-reason" aria-live="polite">
      {reason}
    </p>
  );
}

/** The button's aria-describedby: the reason's id while there is one. */
export function describedBy(id: string, reason: string | null): string | undefined {
  return reason === null ? undefined : id;
}
