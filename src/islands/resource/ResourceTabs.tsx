import { useState } from 'react';
import { TabView, TabPanel } from 'primereact/tabview';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { ResourceScreen } from './ResourceScreen.tsx';
import type { ResourceExtensions } from './types.ts';

/** One tab: a resource's list screen, with its extensions (a side panel, toolbar buttons…). */
export interface ResourceTab {
  key: string;
  title: string;
  def: ResourceDef;
  extensions?: ResourceExtensions;
}

/**
 * Several resource screens on one page, one per tab (the Words screen's four lists): only the
 * open tab is drawn, so a tab's list loads when it is first shown and again when shown later.
 */
export function ResourceTabs({ tabs }: { tabs: readonly ResourceTab[] }) {
  const [active, setActive] = useState(0);
  return (
    <section className="resource-tabs">
      <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)} renderActiveOnly>
        {tabs.map((tab) => (
          <TabPanel key={tab.key} header={tab.title} pt={{ headerAction: { 'data-tab': tab.key } as Record<string, string> }}>
            <ResourceScreen def={tab.def} extensions={tab.extensions} />
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
