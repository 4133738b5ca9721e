import { useEffect, useState } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { Skeleton } from 'primereact/skeleton';
import { loadScreen, type ScreenName } from './registry.ts';
import type { ScreenSpec } from './types.ts';
import { ResourceScreen } from './ResourceScreen.tsx';
import './resource.css';

/**
 * A resource screen by name (`<ResourceIsland client:load screen="post" />`): the definition and
 * extensions load as the screen's own chunk, then the generic screen renders them.
 */
export default function ResourceIsland({ screen }: { screen: ScreenName }) {
  const [spec, setSpec] = useState<ScreenSpec | null>(null);
  useEffect(() => {
    let live = true;
    void loadScreen(screen).then((s) => live && setSpec(s));
    return () => {
      live = false;
    };
  }, [screen]);
  return (
    <PrimeReactProvider>
      {spec ? (
        <ResourceScreen def={spec.def} extensions={spec.extensions} />
      ) : (
        <section className="resource-screen" aria-busy="true">
          <Skeleton height="2.5rem" className="mb-2" />
          <Skeleton height="20rem" />
        </section>
      )}
    </PrimeReactProvider>
  );
}
