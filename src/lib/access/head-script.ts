import { BASE_PATH, BUILT_LANGUAGE_ATTRIBUTE, I18N_PENDING_ATTRIBUTE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES, PUBLIC_ROUTE_PREFIXES, PUBLIC_ROUTES, REDIRECTING_ATTRIBUTE, STORAGE_KEYS, TOKEN_COOKIE } from '../../../shared/constants.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/i18n/locales.ts';
import { accessRedirect } from './guard.ts';

export { I18N_PENDING_ATTRIBUTE, REDIRECTING_ATTRIBUTE };

/**
 * Source of the blocking script at the top of every page's <head>. It runs before the body is
 * parsed, so a protected page never flashes for an anonymous visitor, and a page prerendered in
 * another language than the stored one stays hidden until the islands have switched (bounded by a
 * CSS fallback). It keeps the language cookie in step with the stored choice, so that the next
 * page comes built in it (src/lib/build/language-pages.ts).
 */
export function headScript(): string {
  const args = [BASE_PATH, PUBLIC_ROUTES, PUBLIC_ROUTE_PREFIXES].map((v) => JSON.stringify(v)).join(',');
  return `(function(){
var d=document.documentElement;
try{var l=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)});
if(${JSON.stringify(LOCALES)}.indexOf(l)<0)l=${JSON.stringify(DEFAULT_LOCALE)};
if(l!==(d.getAttribute(${JSON.stringify(BUILT_LANGUAGE_ATTRIBUTE)})||${JSON.stringify(DEFAULT_LOCALE)}))d.setAttribute(${JSON.stringify(I18N_PENDING_ATTRIBUTE)},'');d.lang=l;
if(document.cookie.indexOf(${JSON.stringify(`${LANGUAGE_COOKIE}=`)}+l)<0)document.cookie=${JSON.stringify(`${LANGUAGE_COOKIE}=`)}+l+${JSON.stringify(LANGUAGE_COOKIE_ATTRIBUTES)};}catch(e){}
var t=new RegExp('(?:^|;\\\\s*)'+${JSON.stringify(TOKEN_COOKIE)}+'=([^;]+)').test(document.cookie);
var to=(${accessRedirect.toString()})(location.pathname,location.search,t,${args});
if(to){d.setAttribute(${JSON.stringify(REDIRECTING_ATTRIBUTE)},'');location.replace(to);}
})();`;
}
