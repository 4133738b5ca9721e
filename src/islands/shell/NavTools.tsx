import { useEffect, useRef, useState } from 'react';
import type { MenuItem } from 'primereact/menuitem';
import { $size, setSize } from '../../stores/app.ts';
import { chooseLanguage, LOCALES } from '../../stores/locale.ts';
import { CONTROL_SIZES, DEFAULT_CONTROL_SIZE } from '../../../shared/constants.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import common from '../../lib/i18n/ns/common.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { PopupMenu, type PopupMenuHandle } from '../../components/widgets/PopupMenu.tsx';

/** Fullscreen toggle (spec §4). */
export function FullscreenButton() {
  const t = useT(shell);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  const label = full ? t('header.exitFullscreen') : t('header.fullscreen');
  return (
    <button type="button" className="shell-tool" onClick={toggle} title={label} aria-label={label} data-testid="fullscreen">
      <i className={`pi ${full ? 'pi-window-minimize' : 'pi-window-maximize'}`} aria-hidden="true" />
    </button>
  );
}

/** A navbar tool button that opens a popup menu of choices. */
function ToolMenu({ label, icon, testId, menuId, model }: { label: string; icon: string; testId: string; menuId: string; model: MenuItem[] }) {
  const menu = useRef<PopupMenuHandle>(null);
  return (
    <>
      <button type="button" className="shell-tool" onClick={(e) => menu.current?.toggle(e)} title={label} aria-label={label} aria-haspopup="menu" data-testid={testId}>
        <i className={`pi ${icon}`} aria-hidden="true" />
      </button>
      <PopupMenu model={model} ref={menu} className="shell-popup-menu" id={menuId} />
    </>
  );
}

/** Control size: default, medium, small, mini; applied through <html data-shell-size>. */
export function SizeMenu() {
  const t = useT(shell);
  const size = useHydratedStore($size, DEFAULT_CONTROL_SIZE);
  const model = CONTROL_SIZES.map((s) => ({
    label: t(`sizes.${s}`),
    className: s === size ? 'is-selected' : undefined,
    icon: s === size ? 'pi pi-check' : 'pi pi-fw',
    command: () => setSize(s),
  }));
  return <ToolMenu label={t('header.size')} icon="pi-sort-alpha-up" testId="size-select" menuId="shell-size-menu" model={model} />;
}

/** Language (spec §1): stored, switching reloads. */
export function LanguageMenu() {
  const t = useT(shell);
  const tc = useT(common);
  const lng = useLocale();
  const model = LOCALES.map((l) => ({
    label: tc(`language.${l}`),
    icon: l === lng ? 'pi pi-check' : 'pi pi-fw',
    command: () => chooseLanguage(l),
  }));
  return <ToolMenu label={t('header.language')} icon="pi-language" testId="language-select" menuId="shell-language-menu" model={model} />;
}
