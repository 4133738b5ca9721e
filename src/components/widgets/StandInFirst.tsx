import { Suspense, type ReactNode } from 'react';
import { useMounted } from '../../lib/react/use-mounted.ts';

/**
 * A lazily loaded widget behind its stand-in: the stand-in alone on the server and while the page
 * hydrates, then the widget, the stand-in holding its place until its code arrives. Rendered on
 * the server inside Suspense, React streams a lazy widget as a hidden copy and an inline script
 * that swaps it in; the console's Content-Security-Policy refuses that script, React then reports
 * error 419 and draws the boundary again, and the hidden copy stays in the page with the same ids.
 *
 * `awake` false keeps the stand-in after hydration too, until the widget is wanted (the date
 * field's, until it is touched: DateTimeInput): neither its code nor its render is paid for before.
 */
export function StandInFirst({ standIn, children, awake = true }: { standIn: ReactNode; children: ReactNode; awake?: boolean }) {
  return useMounted() && awake ? <Suspense fallback={standIn}>{children}</Suspense> : standIn;
}
