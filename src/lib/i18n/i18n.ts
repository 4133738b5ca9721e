import i18next from 'i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { BUILT_LANGUAGE_ATTRIBUTE, PAGE_TEXTS_ATTRIBUTE } from '../../../shared/constants.ts';

/**
 * The console's one i18next instance, used directly (no framework plugin).
 *
 * zh-CN texts arrive with the code that uses them (see `defineNamespace`). Every page is built in
 * each language (src/lib/build/language-pages.ts): islands hydrate in their page's language, whose
 * texts other than zh-CN are fetched before (`beforeHydrate`), one chunk per language and
 * namespace; a page in another language than the stored one switches after hydration.
 */
export const i18n = i18next.createInstance();


const asLocale = (v: string | null | undefined): Locale => (isLocale(v) ? v : DEFAULT_LOCALE);

/**
 * The language a page was built in: the language the prerender renders in (src/middleware.ts sets
 * it per page), in the browser the one the page's <html> names (a swapped-in page's own).
 */
export function builtLanguage(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Locale {
  if (!doc) return asLocale(i18n.language);
  return asLocale(doc.documentElement.getAttribute(BUILT_LANGUAGE_ATTRIBUTE));
}

/** The namespaces a page's prerender drew texts of (src/middleware.ts writes them). */
export function pageTexts(doc: Document): string[] {
  return (doc.documentElement.getAttribute(PAGE_TEXTS_ATTRIBUTE) ?? '').split(',').filter(Boolean);
}

void i18n.init({
  initAsync: false,
  lng: typeof document === 'undefined' ? DEFAULT_LOCALE : builtLanguage(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [],
  defaultNS: false,
  resources: {},
  partialBundledLanguages: true,
  // Texts end up in React text nodes or textContent, both of which escape already.
  interpolation: { escapeValue: false },
});

type Bundle = { readonly [key: string]: string | Bundle };

/**
 * Texts already looked up without parameters, by language, namespace and key: i18next resolves
 * every call anew (key splitting, fallbacks, interpolation), and a page's hydration draws a few
 * hundred texts, many of them again and again (a row's actions). Keyed by the language asked for
 * (a switch needs no emptying); emptied whenever a catalogue or text is added, so it never answers
 * what i18next would not.
 */
const looked = new Map<string, string>();
i18n.store.on('added', () => looked.clear());

function lookedUp(id: string, look: () => string): string {
  let text = looked.get(id);
  if (text === undefined) looked.set(id, (text = look()));
  return text;
}

/** Dotted paths of the string leaves of a catalogue: 'login.title' | 'login.submit' | … */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

export type Params = Record<string, unknown>;
export type Translate<T> = (key: KeyOf<T>, params?: Params) => string;

export interface Namespace<T> {
  readonly name: string;
  /** Text in the page's current language. */
  t: Translate<T>;
  /** Text in a given language (React renders through this, see react.ts). */
  fixed(lng: string): Translate<T>;
  /** 'ns:key', for data-i18n attributes and cross-namespace lookups. */
  key(key: KeyOf<T>): string;
}

// Every catalogue file, lazily: Vite turns each into its own chunk.
// zh-CN is never fetched: it always arrives with the code (defineNamespace).
const loaders = import.meta.glob<{ default: Bundle }>(['../../../shared/i18n/locales/*/*.ts', '!../../../shared/i18n/locales/zh-CN/*.ts']);
const used = new Set<string>();

// Two counters. `revision` moves on every change, including a namespace declared in zh-CN, whose
// keys exist from then on (a tab title drawn from the server's text can now use its key).
// `textRevision` moves only when texts already drawn can change: the language, or a catalogue of a
// language other than zh-CN arriving. React's `t` follows the latter: a component's own namespace
// is declared before it can render, so a screen's namespace declared as its chunk loads would
// otherwise redraw every island on the page (the whole shell) for nothing.
let revision = 0;
let textRevision = 0;
const listeners = new Set<() => void>();
function bump(textsChanged: boolean) {
  revision++;
  if (textsChanged) textRevision++;
  for (const l of listeners) l();
}
i18n.on('languageChanged', (lng: string) => {
  bump(true);
  // A namespace declared while the switch was under way missed activateLanguage's loading pass:
  // fetch whatever the new language still lacks, then render again.
  if (lng !== DEFAULT_LOCALE) void loadNamespaces(lng as Locale).then(() => bump(true));
});

/**
 * Adds texts that travel with code rather than in a catalogue (a definition's title and labels)
 * in every language given, then tells whoever drew a text of them before (the tab and document
 * title are drawn before the screen's island registers its definition's texts). The news goes out
 * after the current task's work: an island registers while it renders, when telling other
 * components to render again is not allowed.
 */
export function addTexts(ns: string, byLanguage: Readonly<Record<string, Bundle>>): void {
  for (const [lng, texts] of Object.entries(byLanguage)) i18n.addResourceBundle(lng, ns, texts, true, true);
  queueMicrotask(() => bump(true));
}

/** Change notifications for UI code (React hooks, DOM translator). */
export function subscribeI18n(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Changes whenever the language changes, a catalogue arrives or a namespace is declared. */
export const i18nSnapshot = () => `${i18n.language}#${revision}`;
/** Changes when texts of declared namespaces can change: the language, another language's catalogue. */
export const textSnapshot = () => `${i18n.language}#${textRevision}`;

export const currentLanguage = () => (i18n.language ?? DEFAULT_LOCALE) as Locale;

/**
 * Declares a namespace used by this page and registers its zh-CN catalogue (imported statically
 * by the caller, so it is in the page's bundle and in the prerendered HTML).
 */
export function defineNamespace<T extends Bundle>(name: string, zhCN: T): Namespace<T> {
  if (!used.has(name)) {
    used.add(name);
    i18n.addResourceBundle(DEFAULT_LOCALE, name, zhCN, true, false);
    // Keys of this namespace exist from now on: text drawn before (a tab title) can be redrawn.
    bump(false);
    // Code loaded after the switch to another language still needs that language's texts.
    const lng = currentLanguage();
    if (lng !== DEFAULT_LOCALE) arriving(loadNamespaces(lng, [name]).then(() => bump(true)));
  }
  const fixed = (lng: string): Translate<T> => {
    drawn?.add(name);
    const ft = i18n.getFixedT(lng, name);
    return (key, params) => (params ? String(ft(key as string, params as never)) : lookedUp(`${lng}\u0000${name}\u0000${key}`, () => String(ft(key as string))));
  };
  return {
    name,
    t: (key, params) => String(i18n.t(key as string, { ...params, ns: name } as never)),
    fixed,
    key: (key) => `${name}:${key}`,
  };
}

/** A full 'ns:key' lookup, for keys that come from markup or from the server. */
/** The text of a key (or of the first of several keys that exists). */
export function translate(fullKey: string | string[], params?: Params, lng?: string): string {
  if (drawn) for (const k of [fullKey].flat()) if (k.includes(':')) drawn.add(k.slice(0, k.indexOf(':')));
  const look = () => String(i18n.t(fullKey, { ...params, ...(lng ? { lng } : {}) } as never));
  return params || !lng ? look() : lookedUp(`${lng}\u0000\u0000${String(fullKey)}`, look);
}

export const hasKey = (fullKey: string, lng?: string) => i18n.exists(fullKey, lng ? { lng } : undefined);

/**
 * The key has its text in the current language itself, not only through the zh-CN fallback (a
 * namespace's other languages arrive after its code): what is recorded for later (a tab title)
 * must wait for it.
 */
export function hasOwnText(fullKey: string): boolean {
  const lng = currentLanguage();
  const ns = fullKey.includes(':') ? fullKey.slice(0, fullKey.indexOf(':')) : '';
  return (lng === DEFAULT_LOCALE || i18n.hasResourceBundle(lng, ns)) && i18n.exists(fullKey);
}

/**
 * Fetches the current language's texts of 'ns:key' keys drawn outside their namespace's code (the
 * titles of tabs opened on other pages), then has them drawn again. zh-CN texts come only with their
 * code: keys drawn on every page live in namespaces every page declares (shell).
 */
export async function loadTextsOf(keys: Iterable<string | undefined>): Promise<void> {
  const lng = currentLanguage();
  if (lng === DEFAULT_LOCALE) return;
  const names = new Set([...keys].flatMap((k) => (k && k.includes(':') ? [k.slice(0, k.indexOf(':'))] : [])));
  const missing = [...names].filter((ns) => !i18n.hasResourceBundle(lng, ns) && loaders[`../../../shared/i18n/locales/${lng}/${ns}.ts`]);
  if (!missing.length) return;
  await loadNamespaces(lng, missing);
  bump(true);
}

/** Texts of namespaces declared after the switch to another language, still on their way. */
const inFlight = new Set<Promise<void>>();

function arriving(load: Promise<void>) {
  const settled = load.catch(() => undefined).finally(() => inFlight.delete(settled));
  inFlight.add(settled);
}

/**
 * Resolves once the texts of every namespace declared so far have come (or failed): a page shown
 * before that draws an island's texts in zh-CN, then in its language, in other widths (a layout
 * shift; islands/i18n/boot.ts waits for this before it shows the page).
 */
export async function textsArrived(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

/** Fetches catalogues of `lng` for the given (default: every declared) namespace. */
export async function loadNamespaces(lng: Locale, names: Iterable<string> = used): Promise<void> {
  if (lng === DEFAULT_LOCALE) return;
  await Promise.all(
    [...names]
      .filter((ns) => !i18n.hasResourceBundle(lng, ns))
      .map(async (ns) => {
        const load = loaders[`../../../shared/i18n/locales/${lng}/${ns}.ts`];
        if (!load) return;
        const mod = await load();
        i18n.addResourceBundle(lng, ns, mod.default, true, false);
      }),
  );
}

/** Loads a language's catalogues, then makes it current. */
export async function activateLanguage(lng: Locale): Promise<void> {
  await loadNamespaces(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

// ---- prerendering each page in its language (src/middleware.ts)

/** While a page is prerendered: the namespaces it draws texts of. */
let drawn: Set<string> | undefined;

/**
 * Prerenders in `lng` from now on, with every catalogue of it at hand, and starts noting the
 * namespaces drawn (`drawnNamespaces`). The build renders one page at a time.
 */
export async function renderIn(lng: Locale): Promise<void> {
  drawn = new Set();
  if (lng !== DEFAULT_LOCALE) {
    const names = Object.keys(loaders).filter((p) => p.includes(`/locales/${lng}/`)).map((p) => p.slice(p.lastIndexOf('/') + 1, -'.ts'.length));
    await loadNamespaces(lng, names);
  }
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/** The namespaces the page prerendered since `renderIn` drew texts of. */
export const drawnNamespaces = (): string[] => [...(drawn ?? [])].sort();

/**
 * Before an island hydrates (src/lib/build/hydrate-without-transition.ts): the texts of its page's
 * language, for the namespaces declared so far and those the prerender drew, so that it draws
 * what the prerender drew. Nothing to wait for on a zh-CN page: those texts came with the code.
 */
export function beforeHydrate(): Promise<void> | undefined {
  const lng = builtLanguage();
  if (lng === DEFAULT_LOCALE) return undefined;
  return loadNamespaces(lng, new Set([...used, ...pageTexts(document)])).catch(() => undefined);
}
if (typeof document !== 'undefined') {
  (globalThis as { __castaneaBeforeHydrate?: () => Promise<void> | undefined }).__castaneaBeforeHydrate = beforeHydrate;
  // Fetched at once, not when the first island is about to hydrate.
  void beforeHydrate();
}
