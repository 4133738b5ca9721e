import { useEffect, useState } from 'react';

/** False during prerender and hydration, true afterwards: for parts that depend on the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
