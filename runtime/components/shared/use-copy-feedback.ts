import { useCallback, useEffect, useRef, useState } from 'react';

/** The copy confirmation stays for 3 s (docs/rules.md#customer-panel). */
export const COPY_FEEDBACK_MS = 3000;

/**
 * Copies a value to the clipboard and remembers which item was copied for a few seconds.
 * The component using it is unmounted when its dropdown closes, which clears the confirmation
 * and its timer (docs/rules.md#customer-panel: cleared when the dropdown closes).
 */
export function useCopyFeedback(durationMs: number = COPY_FEEDBACK_MS) {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The clipboard promise can settle after the dropdown closed; then nothing may be scheduled.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const copy = useCallback(
    async (id: string, value: string) => {
      try {
        await navigator.clipboard.writeText(value);
      } catch {
        // No clipboard (permissions, insecure context): show no confirmation rather than a false one.
        return;
      }
      if (!mounted.current) return;
      clearTimeout(timer.current);
      setCopiedId(id);
      timer.current = setTimeout(() => setCopiedId(null), durationMs);
    },
    [durationMs],
  );

  return { copiedId, copy };
}
