import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { request } from '../../lib/request.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { $currentSite } from '../../stores/site.ts';
import { loadDict } from '../../stores/dicts.ts';
import type { SiteStat } from '../../../shared/cms/dashboard.ts';

/** The statuses' names (the view's "by status" list), asked for with the figures. */
export const STATUS_DICT = 'CMSContentStatus';
/** Whoever may open the catalog or content screen has CMS rights worth a dashboard. */
const CMS_KEYS = ['cms:content:view', 'cms:catalog:view'];

type View = ComponentType<{ stat: SiteStat }>;

/**
 * Home's site dashboard, for users with CMS rights once the navbar has a current site: asks for
 * the figures (one request) and loads the view's code and style at the same time, so Home's own
 * files carry none of it (docs/dashboard.md). Any failure leaves Home as it was.
 */
export function SiteDashboard() {
  const perms = usePermissions();
  const site = useStore($currentSite);
  const [shown, setShown] = useState<{ View: View; stat: SiteStat } | null>(null);
  const permitted = CMS_KEYS.some((k) => allows(perms, k));

  useEffect(() => {
    if (!permitted || !site) return setShown(null);
    let live = true;
    Promise.all([request<SiteStat>({ url: '/cms/content/stat', quiet: true }), import('./SiteDashboardView.tsx')])
      .then(([res, m]) => live && setShown(res.data ? { View: m.SiteDashboardView, stat: res.data } : null))
      .catch(() => live && setShown(null));
    void loadDict(STATUS_DICT).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [permitted, site]);

  return shown ? <shown.View stat={shown.stat} /> : null;
}
