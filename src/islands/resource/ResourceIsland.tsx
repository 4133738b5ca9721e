import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useState } from 'react';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { loadScreen, loadScreenDef, loadScreenParts, type ScreenName } from './registry.ts';
import type { ScreenSpec } from './types.ts';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { ResourceScreen } from './ResourceScreen.tsx';
import { FORBIDDEN_PATH } from '../../../shared/constants.ts';
import { allows } from '../../stores/permission-gate.ts';
import { $permissions, loadUserInfo } from '../../stores/session.ts';
import { registerScreenTexts } from '../../lib/i18n/screen-texts.ts';
import './resource.css';

// The build makes the accessible pass-through PrimeReact's default (accessible-prime-default.ts);
// `astro dev` pre-bundles PrimeReact without that patch, so there the module that sets it comes first.
if (import.meta.env.DEV) void import('../../components/widgets/prime-provider.ts');

interface Props {
  screen: ScreenName;
  /**
   * the definition as the list draws it (resourceView), built into a prebuilt page; without it (a
   * client-router page) the island loads the whole definition with the rest
   */
  view?: ResourceDef;
}

/**
 * A resource screen by name (`<ResourceIsland client:load screen="post" view={…} />`): the list
 * draws from the page's view of the definition once the screen's extensions and texts have loaded
 * (its own chunks); the definition itself, with its validators, loads when a form opens.
 */
export default function ResourceIsland({ screen, view }: Props) {
  // A declaring definition's texts travel with its view: there before the first render, as in the prerender.
  if (view) registerScreenTexts(view);
  const [spec, setSpec] = useState<ScreenSpec | null>(null);
  useEffect(() => {
    let live = true;
    const loading = view
      ? loadScreenParts(screen, view).then((extensions) => ({ def: view, extensions }))
      : loadScreen(screen).then((s) => (registerScreenTexts(s.def), s));
    void loading.then((s) => live && setSpec(s));
    return () => {
      live = false;
    };
  }, [screen, view]);
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
  // No PrimeReactProvider: the list draws no PrimeReact until touched (light-prime.tsx), and the
  // accessible pass-through is PrimeReact's own default in the build (accessible-prime-default.ts).
  return (
    <>
      {spec ? (
        <ResourceScreen def={spec.def} extensions={spec.extensions} loadDef={view ? () => loadScreenDef(screen) : undefined} />
      ) : (
        <section className="resource-screen" aria-busy="true">
          <SkeletonBar height="2.5rem" className="mb-2" />
          <SkeletonBar height="20rem" />
        </section>
      )}
    </>
  );
}
