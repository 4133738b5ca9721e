import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { $user, type SessionUser } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { Icon } from '../../components/Icon.tsx';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { $menus, $serverRoutes } from '../../stores/routes.ts';
import { hasCmsRights, SiteDashboard } from './SiteDashboard.tsx';
import { useHandoverDeadline } from '../prepaint/handover.ts';
import { usePermissions } from '../../stores/permission-gate.ts';
import { $currentSite } from '../../stores/site.ts';
import { SHELL_SETTLE_MAX_MS, settlingAttribute, useSettled } from '../../lib/react/use-settled.ts';

/** Home (spec §2): a welcome with the user's nickname, the current site's counts for CMS users, this sign-in and the previous one. */
export default function HomeWelcome() {
  const t = useT(home);
  const user = useHydratedStore($user);
  // A copy painted before the scripts (home/prepaint/) gives way at the latest after a while.
  useHandoverDeadline();
  // The dashboard comes above the sign-in cards once its figures are in: until then the cards are
  // laid out hidden, or they would be drawn and then pushed down (a layout shift where the page is
  // not painted before its scripts: another language's). Worked out in this render from the user,
  // their keys and the site, so no report of the dashboard's can come a render late.
  const perms = usePermissions();
  const site = useStore($currentSite);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const waitsForFigures = hasCmsRights(perms) && answeredFor !== site;
  const settled = useSettled(user !== null && !waitsForFigures, SHELL_SETTLE_MAX_MS);
  return (
    <HomeWelcomeView
      user={user}
      greeting={t(greetingKey(new Date().getHours()))}
      avatar={user ? initialOf(user.nickName) : ''}
      dashboard={<SiteDashboard onAnswered={setAnsweredFor} />}
      loginsSettled={settled}
    />
  );
}

/** The greeting's key at `hour` (local time). */
export const greetingKey = (hour: number) => (hour < 12 ? 'greeting.morning' : hour < 18 ? 'greeting.afternoon' : 'greeting.evening');

/** The avatar's letter. */
export const initialOf = (nickName: string) => nickName.slice(0, 1).toUpperCase();

/** Home as drawn for `user` (null: not known yet); also rendered by the build with markers for the pre-paint (home/prepaint/frame.tsx). */
export function HomeWelcomeView({ user, greeting, avatar, dashboard, loginsSettled = true }: { user: SessionUser | null; greeting: string; avatar: string; dashboard: ReactNode; loginsSettled?: boolean }) {
  const t = useT(home);
  return (
    <section className="home-welcome" aria-busy={!user}>
      <div className="home-hero">
        <div className="home-hero-avatar" aria-hidden="true">
          {avatar}
        </div>
        <div className="home-hero-text">
          {user ? (
            <h2 data-testid="home-welcome">{t('welcome', { greeting, name: user.nickName })}</h2>
          ) : (
            <SkeletonBar width="16rem" height="1.75rem" className="skeleton-line" />
          )}
          <p>{t('subtitle')}</p>
        </div>
      </div>
      <NoScreensNotice />
      {dashboard}
      <div className="home-logins" {...settlingAttribute(loginsSettled)}>
        <LoginCard title={t('thisLogin')} icon="clock" user={user} which="this" />
        <LoginCard title={t('lastLogin')} icon="history" user={user} which="previous" />
      </div>
    </section>
  );
}

function LoginCard({ title, icon, user, which }: { title: string; icon: 'clock' | 'history'; user: SessionUser | null; which: 'this' | 'previous' }) {
  const t = useT(home);
  const date = user ? (which === 'this' ? user.loginDate : user.prevLoginDate) : '';
  const ip = user ? (which === 'this' ? user.loginIp : user.prevLoginIp) : '';
  const first = user !== null && which === 'previous' && !date && !ip;
  return (
    <div className="home-login-card" data-testid={`${which}-login`}>
      <div className="home-login-card-head">
        <Icon name={icon} />
        <h2>{title}</h2>
      </div>
      {!user ? (
        <>
          <SkeletonBar width="70%" className="skeleton-line" />
          <SkeletonBar width="50%" />
        </>
      ) : first ? (
        <p className="home-login-first">{t('firstLogin')}</p>
      ) : (
        <dl>
          <div>
            <dt>{t('time')}</dt>
            <dd data-testid={`${which}-login-time`}>{displayDateTime(date) || '—'}</dd>
          </div>
          <div>
            <dt>{t('ip')}</dt>
            <dd data-testid={`${which}-login-ip`}>{ip || '—'}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/**
 * A user whose roles open no screen of this console would otherwise face an empty sidebar with no
 * word of why: either the roles grant nothing, or only areas whose screens come in a later version.
 */
function NoScreensNotice() {
  const t = useT(home);
  // The prerender had no menus (its cache is the browser's session storage).
  const routes = useHydratedStore($serverRoutes, null);
  const menus = useHydratedStore($menus, []);
  if (routes === null || menus.length > 0) return null;
  const why = routes.length === 0 ? 'noRoles' : 'notYet';
  return (
    <div className="home-notice" role="status" data-testid="home-no-screens">
      <Icon name="info" />
      <div>
        <h2>{t('noScreens.title')}</h2>
        <p>{t(`noScreens.${why}`)}</p>
      </div>
    </div>
  );
}
