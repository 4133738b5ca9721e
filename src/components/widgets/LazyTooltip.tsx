import { lazy, Suspense } from 'react';
import { useMounted } from '../../lib/react/use-mounted.ts';

const Tooltip = lazy(() => import('./BoundTooltip.tsx'));

/**
 * PrimeReact's Tooltip for the elements under `scope` that carry `data-pr-tooltip` (their text,
 * read when shown), loaded once the screen has hydrated: buttons drawn without PrimeReact
 * (light-prime.tsx) get their tooltips without holding the screen's first render back. Until it
 * has come, those buttons are still named by their aria-label.
 */
export function LazyTooltip({ scope, position = 'top' }: { scope: string; position?: 'top' | 'bottom' | 'left' | 'right' }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Tooltip target={`${scope} [data-pr-tooltip]`} position={position} />
    </Suspense>
  );
}
