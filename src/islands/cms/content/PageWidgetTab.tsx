import { useEffect, useMemo, useState } from 'react';
import { loadScreen } from '../../resource/registry.ts';
import type { ScreenSpec } from '../../resource/types.ts';
import { ResourceScreen } from '../../resource/ResourceScreen.tsx';
import { registerScreenTexts } from '../../../lib/i18n/screen-texts.ts';
import '../../../lib/i18n/ns/cms.ts';

/**
 * The Content screen's "Page Widget" tab: the page widgets of the catalog chosen in the tree (the
 * site as root: the site-level ones), a new one joining it. Loaded when the tab first opens.
 */
export default function PageWidgetTab({ catalogId }: { catalogId: number | null }) {
  const [spec, setSpec] = useState<ScreenSpec | null>(null);
  useEffect(() => {
    void loadScreen('pageWidget').then((s) => {
      registerScreenTexts(s.def);
      setSpec(s);
    });
  }, []);
  const extensions = useMemo(() => {
    if (!spec) return undefined;
    const fixed = { catalogId: String(catalogId ?? 0) };
    const init = spec.extensions?.formInit;
    return {
      ...spec.extensions,
      fixedFilters: { ...spec.extensions?.fixedFilters, ...fixed },
      formInit: async (mode: 'create' | 'update', values: Record<string, unknown>) => {
        const v = init ? await init(mode, values) : values;
        return mode === 'create' ? { ...v, catalogId: catalogId ?? 0 } : v;
      },
    };
  }, [spec, catalogId]);
  return spec ? <ResourceScreen key={catalogId ?? 0} def={spec.def} extensions={extensions} /> : null;
}
