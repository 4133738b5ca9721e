import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { request } from '../../lib/request.ts';
import type { HeldKeys } from '../../lib/auth/permission.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { $currentSite } from '../../stores/site.ts';
import { loadDict } from '../../stores/dicts.ts';
import { dashboardOf, type SiteStat } from '../../lib/cms/dashboard.ts';
import { CONTENT_STATUS_DICT } from '../../../shared/cms/content.ts';

/** Whoever may open the catalog or content screen has CMS rights worth a dashboard. */
export const CMS_KEYS = ['cms:content:view', 'cms:catalog:view'] as const;

/** Whether these keys are CMS rights worth a dashboard. */
export const hasCmsRights = (perms: HeldKeys) => CMS_KEYS.some((k) => allows(perms, k));

/** The figures' call (also asked by the page's head script: home/prepaint/frame.tsx HOME_GETS). */
export const STAT_GET = '/cms/content/stat';

type Shown = { stat: SiteStat; totals: ReturnType<typeof dashboardOf> };
type View = ComponentType<Shown>;

/**
 * Home's site dashboard, for users with CMS rights once the navbar has a current site: asks for
 * the figures (one request) and loads the view's code at the same time, so Home's own files carry
 * only this and the sums (docs/dashboard.md). The sums are done here, not in the view, so that
 * lib/cms/dashboard.ts and the content types it reads stay in the shell's chunk: reached by the
 * view alone, they would join the content screens' chunk and bring it to Home.
 * Any failure leaves Home as it was.
 */
export function SiteDashboard({ onAnswered }: { /** the site whose figures were answered (drawn, or not to be drawn) */ onAnswered?: (site: string) => void } = {}) {
  const perms = usePermissions();
  const site = useStore($currentSite);
  const [shown, setShown] = useState<(Shown & { View: View }) | null>(null);
  const permitted = hasCmsRights(perms);

  useEffect(() => {
    if (!permitted || !site) return setShown(null);
    let live = true;
    Promise.all([request<SiteStat>({ url: STAT_GET, quiet: true }), import('./SiteDashboardView.tsx')])
      .then(([res, m]) => live && setShown(res.data ? { View: m.SiteDashboardView, stat: res.data, totals: dashboardOf(res.data) } : null))
      .catch(() => live && setShown(null))
      .finally(() => live && onAnswered?.(site));
    void loadDict(CONTENT_STATUS_DICT).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [permitted, site]);

  return shown ? <shown.View stat={shown.stat} totals={shown.totals} /> : null;
}
