import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after it last changed (the search box waits 900 ms, spec section 9). */
export const useDebounced = <T>(value: T, delayMs: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};
