import '../../stores/request-context.ts'; // first: the request core's language, site and notices
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { ResourceScreen } from '../resource/ResourceScreen.tsx';
import { registerScreenTexts } from '../../lib/i18n/screen-texts.ts';
import { useViewGuard } from '../cms/use-view-guard.ts';
import { genTableResource } from '../../../shared/resources/tool/gen-table.ts';
import { GEN_PERMS } from '../../../shared/tool/gen-keys.ts';
import { genTableExtensions } from './gen/extensions.tsx';
import '../resource/resource.css';

registerScreenTexts(genTableResource);

/**
 * /tool/gen (menu 116, component tool/gen/index): Code Generation, the generic resource screen of
 * the imported tables with the generator's actions. A page of its own rather than a registry
 * screen, so that Monaco (the preview's editor) is reachable from this page only. Without its key
 * a user is sent to 401 (the API refuses the data either way).
 */
export default function GenIsland() {
  useViewGuard(GEN_PERMS.view);
  return (
    <PrimeReactProvider>
      <ResourceScreen def={genTableResource} extensions={genTableExtensions} />
    </PrimeReactProvider>
  );
}
