import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import '../../components/widgets/prime-provider.ts'; // PrimeReact's accessible pass-through, before it renders
import { useEffect, useState } from 'react';
import { TabView, TabPanel } from 'primereact/tabview';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import { message } from '../../stores/notify.ts';
import { fetchProfile, refreshSessionUser, type Profile } from './api.ts';
import { UserCard } from './UserCard.tsx';
import { BasicForm } from './BasicForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/** `?tab=resetPwd` opens the password tab (forced change, expired password: spec §2, §4). */
const PASSWORD_TAB = 'resetPwd';

/** /user/profile: the account center. */
export default function ProfileCenter() {
  const t = useT(user);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [tab, setTab] = useState(0);

  useEffect(() => {
    if (new URLSearchParams(location.search).get('tab') === PASSWORD_TAB) setTab(1);
    fetchProfile()
      .then(setProfile)
      .catch(() => message.error(t('profile.loadFailed')));
  }, []);

  const patch = (p: Partial<Profile>) => setProfile((old) => (old ? { ...old, ...p } : old));

  return (
    <div className="account-center">
      <UserCard
        profile={profile}
        onAvatar={(url) => {
          patch({ avatarSrc: url });
          void refreshSessionUser().catch(() => {});
        }}
      />
      <section className="account-card account-tabs" aria-label={t('profile.data')}>
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
          <TabPanel header={t('basic.tab')} pt={{ headerAction: { 'data-testid': 'tab-basic' } as never }}>
            <BasicForm profile={profile} onSaved={patch} />
          </TabPanel>
          <TabPanel header={t('password.tab')} pt={{ headerAction: { 'data-testid': 'tab-password' } as never }}>
            <PasswordForm profile={profile} />
          </TabPanel>
        </TabView>
      </section>
    </div>
  );
}
