import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { PlusIcon } from 'primereact/icons/plus';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { tagWordGroupResource } from '../../../../shared/resources/cms/tag-word-group.ts';
import { tagWordResource } from '../../../../shared/resources/cms/tag-word.ts';
import { hotWordGroupResource } from '../../../../shared/resources/cms/hot-word-group.ts';
import { hotWordResource } from '../../../../shared/resources/cms/hot-word.ts';
import { sensitiveWordResource } from '../../../../shared/resources/cms/sensitive-word.ts';
import { errorProneWordResource } from '../../../../shared/resources/cms/error-prone-word.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { registerScreenTexts } from '../../../lib/i18n/screen-texts.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import '../../../lib/i18n/ns/cms.ts';
import '../../../lib/i18n/ns/fields.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { ResourceTabs, type ResourceTab } from '../../resource/ResourceTabs.tsx';
import type { ResourceExtensions, ScreenApi } from '../../resource/types.ts';
import { GroupAside } from './GroupAside.tsx';
import { BatchAddDialog } from './BatchAddDialog.tsx';
import '../../resource/resource.css';
import './words.css';

for (const def of [tagWordGroupResource, tagWordResource, hotWordGroupResource, hotWordResource, sensitiveWordResource, errorProneWordResource]) registerScreenTexts(def);

type Group = { id: number; name: string } | null;

/**
 * The words of a group list (tag or hot words): the groups on the left filter the list, a new word
 * joins the group chosen there (the list's group field is not in the form), and without one the
 * add dialog asks to choose it first.
 */
function groupedWords(groupDef: ResourceDef, wordDef: ResourceDef, nested: boolean, chosen: { current: Group }): ResourceExtensions {
  return {
    aside: (api) => <GroupAside def={groupDef} nested={nested} onSelect={(g) => { chosen.current = g; api.filter(g ? { groupId: String(g.id) } : {}); }} />,
    formVisible: (name) => name !== 'groupId',
    async formInit(mode, values) {
      if (mode === 'update') return values;
      if (!chosen.current) {
        message.warning(translate(`screens:${wordDef.name}.chooseGroup`));
        throw new Error('no group');
      }
      return { ...values, groupId: chosen.current.id };
    },
  };
}

/**
 * /configs/word (menu 2039, component cms/word/word): ChestnutCMS's word module on one page, a tab
 * per list. Tag words and hot words belong to the current site, in groups chosen on the left (tag
 * word groups nest); sensitive and error-prone words are one list for every site.
 */
export default function WordsIsland() {
  const lng = useLocale();
  const perms = usePermissions();
  useViewGuard(tagWordResource.perms.view);
  const tagGroup = useRef<Group>(null);
  const hotGroup = useRef<Group>(null);
  const [batch, setBatch] = useState<{ group: NonNullable<Group>; reload(): void } | null>(null);
  const canAdd = allows(perms, tagWordResource.perms.add!);

  const tabs = useMemo<ResourceTab[]>(() => {
    const tagExtensions: ResourceExtensions = {
      ...groupedWords(tagWordGroupResource, tagWordResource, true, tagGroup),
      toolbar: (api: ScreenApi) => (canAdd ? (
        <Button size="small" outlined icon={<PlusIcon />} label={translate('cms:word.batchAdd')} data-testid="word-batch-add"
          onClick={() => (tagGroup.current ? setBatch({ group: tagGroup.current, reload: api.reload }) : message.warning(translate('screens:tagWord.chooseGroup')))} />
      ) : null),
    };
    const title = (def: ResourceDef) => translate(def.titleKey!, undefined, lng);
    return [
      { key: 'tag', title: title(tagWordResource), def: tagWordResource, extensions: tagExtensions },
      { key: 'hot', title: title(hotWordResource), def: hotWordResource, extensions: groupedWords(hotWordGroupResource, hotWordResource, false, hotGroup) },
      { key: 'sensitive', title: title(sensitiveWordResource), def: sensitiveWordResource },
      { key: 'errorProne', title: title(errorProneWordResource), def: errorProneWordResource },
    ];
  }, [lng, canAdd]);

  return (
    <PrimeReactProvider>
      <ResourceTabs tabs={tabs} />
      {batch ? <BatchAddDialog group={batch.group} onHide={() => setBatch(null)} onDone={() => { batch.reload(); setBatch(null); }} /> : null}
    </PrimeReactProvider>
  );
}
