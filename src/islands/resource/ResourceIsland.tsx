import { useEffect, useState } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { Skeleton } from 'primereact/skeleton';
import { loadScreen, type ScreenName } from './registry.ts';
import type { ScreenSpec } from './types.ts';
import { ResourceScreen } from './ResourceScreen.tsx';
import { FORBIDDEN_PATH } from '../../lib/constants.ts';
import { allows } from '../../lib/access/permission-gate.ts';
import { $permissions, loadUserInfo } from '../../stores/session.ts';
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
  // A prebuilt page is served to anyone: without the screen's view permission it goes to 401, as
  // the client router does for its gated routes (the API refuses the data either way).
  useEffect(() => {
    if (!spec) return;
    void loadUserInfo()
      .then(() => {
        if (!allows($permissions.get(), spec.def.perms.view)) location.replace(FORBIDDEN_PATH);
      })
      .catch(() => undefined);
  }, [spec]);
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
