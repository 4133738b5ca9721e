import { fileURLToPath } from 'node:url';
import { patchModule } from './patch-module.ts';

const ACCESSIBLE_PT = fileURLToPath(new URL('../../components/widgets/accessible-pt.ts', import.meta.url));

/**
 * PrimeReact's global pass-through starts as the console's accessible one (accessible-pt.ts): set by
 * PrimeReact's own settings module, which every PrimeReact component imports, so no component of
 * any chunk renders before it, whichever loads first. A list screen's first render draws no
 * PrimeReact (light-prime.tsx) and its island no longer loads prime-provider.ts to set it; the
 * widgets that come later (a dropdown, the column chooser, a dialog) are mended all the same.
 */
export const accessiblePrimeDefault = () =>
  patchModule('accessible-prime-default', /[\\/]primereact[\\/]api[\\/]api\.esm\.js$/, [
    {
      find: "import { ObjectUtils } from 'primereact/utils';",
      replace: `import { ObjectUtils } from 'primereact/utils';\nimport { ACCESSIBLE_PT as __castaneaPt } from ${JSON.stringify(ACCESSIBLE_PT)};`,
    },
    { find: '_defineProperty(PrimeReact$1, "pt", undefined);', replace: '_defineProperty(PrimeReact$1, "pt", __castaneaPt);' },
  ]);
