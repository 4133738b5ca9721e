import { CONTROL_SIZES, DEFAULT_CONTROL_SIZE, MOBILE_BREAKPOINT_PX, STORAGE_KEYS } from '../../../shared/constants.ts';

/**
 * Attributes on <html> that the shell's CSS reads: set by an inline script before the body is
 * parsed (no jump from default layout to the saved one), then kept in sync by shell/boot.ts.
 */
export const SHELL_ATTRS = {
  device: 'data-shell-device',
  sidebar: 'data-shell-sidebar',
  animate: 'data-shell-animate',
  size: 'data-shell-size',
  sideTheme: 'data-shell-side-theme',
  topNav: 'data-shell-topnav',
  tags: 'data-shell-tags',
  fixedHeader: 'data-shell-fixed-header',
  logo: 'data-shell-logo',
  noSidebar: 'data-shell-no-sidebar',
} as const;

export function shellHeadScript(): string {
  const a = SHELL_ATTRS;
  const j = JSON.stringify;
  return `(function(){var d=document.documentElement,s={};function g(k){try{return localStorage.getItem(k)}catch(e){return null}}
try{s=JSON.parse(g(${j(STORAGE_KEYS.layoutSetting)})||'{}')||{}}catch(e){}
var m=window.innerWidth<${MOBILE_BREAKPOINT_PX},z=g(${j(STORAGE_KEYS.size)});
function t(k,v){d.setAttribute(k,v)}
t(${j(a.device)},m?'mobile':'desktop');
t(${j(a.sidebar)},!m&&g(${j(STORAGE_KEYS.sidebarStatus)})!=='0'?'open':'closed');
t(${j(a.size)},${j(CONTROL_SIZES)}.indexOf(z)>=0?z:${j(DEFAULT_CONTROL_SIZE)});
t(${j(a.sideTheme)},s.sideTheme==='theme-light'?'light':'dark');
t(${j(a.topNav)},s.topNav===true?'on':'off');
t(${j(a.tags)},s.tagsView===false?'off':'on');
t(${j(a.fixedHeader)},s.fixedHeader===true?'on':'off');
t(${j(a.logo)},s.sidebarLogo===false?'off':'on');
})();`;
}
