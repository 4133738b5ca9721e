import { BASE_PATH, I18N_PENDING_ATTRIBUTE, PUBLIC_ROUTE_PREFIXES, PUBLIC_ROUTES, REDIRECTING_ATTRIBUTE, STORAGE_KEYS, TOKEN_COOKIE } from '../../../shared/constants.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/i18n/locales.ts';
import { accessRedirect } from './guard.ts';

export { I18N_PENDING_ATTRIBUTE, REDIRECTING_ATTRIBUTE };

/**
 * Source of the blocking script at the top of every page's <head>. It runs before the body is
 * parsed, so a protected page never flashes for an anonymous visitor, and a non-default language
 * hides the zh-CN prerender until the islands have switched (bounded by a CSS fallback).
 */
export function headScript(): string {
  const args = [BASE_PATH, PUBLIC_ROUTES, PUBLIC_ROUTE_PREFIXES].map((v) => JSON.stringify(v)).join(',');
  return `(function(){
var d=document.documentElement;
try{var l=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)});
if(${JSON.stringify(LOCALES)}.indexOf(l)>=0){d.lang=l;if(l!==${JSON.stringify(DEFAULT_LOCALE)})d.setAttribute(${JSON.stringify(I18N_PENDING_ATTRIBUTE)},'');}}catch(e){}
var t=new RegExp('(?:^|;\\\\s*)'+${JSON.stringify(TOKEN_COOKIE)}+'=([^;]+)').test(document.cookie);
var to=(${accessRedirect.toString()})(location.pathname,location.search,t,${args});
if(to){d.setAttribute(${JSON.stringify(REDIRECTING_ATTRIBUTE)},'');location.replace(to);}
})();`;
}
