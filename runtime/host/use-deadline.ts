import { useEffect, useState } from 'react';

/** false until `ms` after the first render with `running` true; stays true after that. */
export function useDeadline(ms: number, running: boolean): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!running || passed) return undefined;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, running, passed]);
  return passed;
}
