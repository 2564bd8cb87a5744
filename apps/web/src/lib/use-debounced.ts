import { useEffect, useState } from 'react';

/** The value, settled for `ms` milliseconds (searches are debounced by 1 s per the spec). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
