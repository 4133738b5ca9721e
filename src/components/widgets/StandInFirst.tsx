import { Suspense, type ReactNode } from 'react';
import { useMounted } from '../../lib/react/use-mounted.ts';

/**
 * A lazily loaded widget behind its stand-in: the stand-in alone on the server and while the page
 * hydrates, then the widget, the stand-in holding its place until its code arrives. Rendered on
 * the server inside Suspense, React streams a lazy widget as a hidden copy and an inline script
 * that swaps it in; the console's Content-Security-Policy refuses that script, React then reports
 * error 419 and draws the boundary again, and the hidden copy stays in the page with the same ids.
 */
export function StandInFirst({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  return useMounted() ? <Suspense fallback={standIn}>{children}</Suspense> : standIn;
}
