import '../../stores/request-context.ts'; // first: the request core's language, site and notices
import { lazy, Suspense } from 'react';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { useT } from '../../lib/i18n/react.ts';
import fb from '../../lib/i18n/ns/formBuilder.ts';
import { useViewGuard } from '../cms/use-view-guard.ts';
import { FORM_BUILDER_PERM } from '../../../shared/cms/form-builder-key.ts';

// The designer (its panels, the Extend tab's renderer, the validators) loads with the screen's
// first render, not with the page: the page's own chunk stays a heading and this stand-in.
const Designer = lazy(() => import('./build/Designer.tsx'));

/**
 * /tool/build (menu 115, component tool/build/index): the Form Builder. Without its key a user is
 * sent to 401 (the saves are refused by the server either way).
 */
export default function FormBuilderIsland() {
  const t = useT(fb);
  useViewGuard(FORM_BUILDER_PERM);
  return (
    <PrimeReactProvider>
      <div className="fb-page">
        <p className="fb-intro">{t('intro')}</p>
        <Suspense fallback={<p aria-busy="true">{t('loading')}</p>}>
          <Designer />
        </Suspense>
      </div>
    </PrimeReactProvider>
  );
}
