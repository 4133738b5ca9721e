import { useState } from 'react';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { fileUrl, type Profile } from './api.ts';
import { AvatarDialog } from './AvatarDialog.tsx';

/** The account center's left card: avatar (click to change) and what the account is. */
export function UserCard({ profile, onAvatar }: { profile: Profile | null; onAvatar(url: string): void }) {
  const t = useT(user);
  const [open, setOpen] = useState(false);
  const rows: [string, string | undefined][] = profile
    ? [
        [t('profile.userName'), profile.userName],
        [t('profile.phoneNumber'), profile.phoneNumber],
        [t('profile.email'), profile.email],
        [t('profile.dept'), profile.deptName],
        [t('profile.roles'), profile.roleGroup],
        [t('profile.posts'), profile.postGroup],
        [t('profile.createTime'), displayDateTime(profile.createTime ?? '')],
      ]
    : [];
  const src = fileUrl(profile?.avatarSrc);
  return (
    <section className="account-card account-user" aria-busy={!profile}>
      <h2 className="account-card-title">{t('profile.info')}</h2>
      <div className="account-avatar-wrap">
        <button type="button" className="account-avatar" onClick={() => setOpen(true)} disabled={!profile} title={t('avatar.change')} data-testid="avatar-button">
          {src ? <img src={src} alt="" /> : <span aria-hidden="true">{profile?.nickName.slice(0, 1).toUpperCase() ?? ''}</span>}
          <span className="account-avatar-mask">{t('avatar.change')}</span>
        </button>
        <div className="account-nick" data-testid="profile-nickname">
          {profile ? profile.nickName : <SkeletonBar width="8rem" />}
        </div>
      </div>
      <ul className="account-facts">
        {profile
          ? rows.map(([label, value]) => (
              <li key={label}>
                <span className="account-fact-label">{label}</span>
                <span className="account-fact-value">{value || t('profile.none')}</span>
              </li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <SkeletonBar width="100%" />
              </li>
            ))}
      </ul>
      <AvatarDialog visible={open} current={src} onHide={() => setOpen(false)} onSaved={onAvatar} />
    </section>
  );
}
