import { helpersSource } from './kit.ts';
import { paintList } from '../resource/prepaint/paint.ts';
import { paintHome } from '../home/prepaint/paint.ts';
import { paintContent } from '../cms/content/prepaint/paint.ts';

/**
 * The inline script that paints a page before its scripts (issue 34): one text for every page, so
 * the Content-Security-Policy allows it by one hash; what it paints is in its element's
 * `data-frame` (a FrameBase: a list's, resource/prepaint/, Home's, home/prepaint/, or the Contents
 * page's, cms/content/prepaint/). Once the head script's answers are in, and if the island has not
 * drawn itself yet, the painted copy goes into <main> beside the island, which is hidden until it
 * hands over (prepaint/handover.ts). The copy's test ids become `data-copy-of`: a test looking for
 * the screen's element by its id finds the screen's alone, never two. On a page the client router
 * swaps in, the script runs again with the answers asked for ahead of the switch and those the tab
 * already had (`known`: lib/request.ts adoptForSwap).
 */
export function prepaintScript(): string {
  return `(function(){try{
var s=document.currentScript,F=JSON.parse(s.getAttribute('data-frame')),E=window.__castaneaEarly;
if(!E||Date.now()-E.at>15000||document.documentElement.lang!==F.lang)return;
var K=E.known||{},ps=F.urls.map(function(u){return E.calls[u]||(u in K?Promise.resolve(K[u]):null)});
for(var i=0;i<ps.length;i++)if(!ps[i])return;
var H=${helpersSource()};
var paint=F.kind==='home'?(${paintHome.toString()}):F.kind==='content'?(${paintContent.toString()}):(${paintList.toString()});
Promise.all(ps).then(function(a){
var main=document.getElementById('main'),island=s.previousElementSibling;
if(!main||!island||island.tagName!=='ASTRO-ISLAND'||island.querySelector(F.drawn))return;
var html=paint(F,a,F.kind==='home'?new Date().getHours():document.documentElement.clientWidth,H);if(!html)return;
var p=document.createElement('div');p.className='prepaint';p.setAttribute('data-prepaint',F.lang);p.inert=true;p.innerHTML=html;
p.querySelectorAll('[data-testid]').forEach(function(e){e.setAttribute('data-copy-of',e.getAttribute('data-testid'));e.removeAttribute('data-testid')});
if(F.css){var st=document.createElement('style');st.textContent=F.css;p.prepend(st)}
island.style.display='none';island.after(p);
},function(){});
}catch(e){}})();`;
}
