import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, normalizeLocale, type Locale } from '../../shared/i18n/locales.ts';
import type { FieldIssue } from '../../shared/validators/issues.ts';
import serverZhCN from './messages/zh-CN.ts';
import serverZhTW from './messages/zh-TW.ts';
import serverEn from './messages/en.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import validationZhTW from '../../shared/i18n/locales/zh-TW/validation.ts';
import validationEn from '../../shared/i18n/locales/en/validation.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import fieldsZhTW from '../../shared/i18n/locales/zh-TW/fields.ts';
import fieldsEn from '../../shared/i18n/locales/en/fields.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Texts of one language, nested by key segment (`cms.site.noPermission`). */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** A module's server messages in every language (namespace `server`), merged over the core's. */
export type MessageCatalog = Readonly<Record<Locale, MessageTree>>;

const CORE_MESSAGES: MessageCatalog = { 'zh-CN': serverZhCN, 'zh-TW': serverZhTW, en: serverEn };

/**
 * `extra` laid into `base`. A key both declare is a mistake (one module's text would silently
 * replace another's), so it throws, naming the key.
 */
export function mergeMessages(base: MessageTree, extra: MessageTree, path = ''): MessageTree {
  const out: Record<string, string | MessageTree> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const at = path ? `${path}.${key}` : key;
    const mine = out[key];
    if (mine === undefined) out[key] = value;
    else if (typeof mine === 'object' && typeof value === 'object') out[key] = mergeMessages(mine, value, at);
    else throw new Error(`server message "${at}" is declared twice`);
  }
  return out;
}

/** The `server` namespace of each language: the core's messages and every module's. */
export function serverMessages(catalogs: readonly MessageCatalog[] = []): MessageCatalog {
  return Object.fromEntries(LOCALES.map((lng) => [lng, catalogs.reduce((acc, c) => mergeMessages(acc, c[lng]), CORE_MESSAGES[lng])])) as MessageCatalog;
}

const SHARED = {
  'zh-CN': { validation: validationZhCN, fields: fieldsZhCN },
  'zh-TW': { validation: validationZhTW, fields: fieldsZhTW },
  en: { validation: validationEn, fields: fieldsEn },
} satisfies Record<Locale, Record<string, object>>;

/**
 * Server-side texts. Built-in catalogues first (the core's messages merged with those the modules
 * contribute), then rows of sys_i18n_dict (namespace `db`, flat keys such as MENU.NAME.100 or
 * DICT.Gender.0) which also override built-in keys.
 */
export class ServerI18n {
  private readonly inst: i18n;
  /** `screens`: the texts of the mounted modules' definitions (titles and field labels, src/lib/resources/texts.ts). */
  constructor(catalogs: readonly MessageCatalog[] = [], screens?: MessageCatalog) {
    const server = serverMessages(catalogs);
    const resources = Object.fromEntries(LOCALES.map((lng) => [lng, { server: server[lng], ...SHARED[lng], screens: screens?.[lng] ?? {} }]));
    this.inst = i18next.createInstance();
    void this.inst.init({
      initAsync: false,
      resources: structuredClone(resources),
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: ['server', 'validation', 'fields', 'screens', 'db'],
      defaultNS: 'server',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }

  /** Replaces the database texts (menu titles, dict labels, overrides) for every language. */
  loadDbTexts(rows: { langTag: string; langKey: string; langValue: string }[]) {
    for (const lng of LOCALES) this.inst.removeResourceBundle(lng, 'db');
    for (const r of rows) {
      const lng = normalizeLocale(r.langTag);
      this.inst.addResource(lng, 'db', r.langKey, r.langValue, { keySeparator: '' });
    }
  }

  /** A database text (e.g. MENU.NAME.100) in `locale`, falling back to zh-CN, then to `fallback`. */
  dbText(locale: Locale, key: string, fallback: string): string {
    const v = this.inst.getResource(locale, 'db', key) ?? this.inst.getResource(DEFAULT_LOCALE, 'db', key);
    return typeof v === 'string' ? v : fallback;
  }

  translator(locale: Locale): Translate {
    const t = this.inst.getFixedT(locale);
    return (key, params) => {
      // An admin's override of a built-in message wins (I18n screen).
      const override = this.inst.getResource(locale, 'db', key);
      if (typeof override === 'string') return this.inst.services.interpolator.interpolate(override, params ?? {}, locale, {});
      return String(t(key, params ?? {}));
    };
  }

  /** `<Field> cannot be empty` and friends, from a shared-schema issue (`otherField` → its label as {{other}}). */
  issueText(locale: Locale, issue: FieldIssue, scope?: string | readonly string[]): string {
    const t = this.inst.getFixedT(locale);
    const other = typeof issue.params.otherField === 'string' ? { other: this.fieldLabel(locale, issue.params.otherField, scope) } : {};
    return String(t(`validation:${issue.key}`, { ...issue.params, ...other, field: this.fieldLabel(locale, issue.field, scope) }));
  }

  /**
   * A field's label, as the console shows it: the resource's own (`fields:<scope>.<name>`) when
   * there is one, else the shared one (`fields:<name>`), else the name. A sub-field of a JSON field
   * (`config.port`) is labelled by its own name (`port`).
   */
  fieldLabel(locale: Locale, name: string, scope?: string | readonly string[]): string {
    const last = name.split('.').pop()!;
    const scopes = scope === undefined ? [] : typeof scope === 'string' ? [scope] : scope;
    // A definition's own label (its texts) first, then the console's catalogue.
    for (const s of scopes) {
      const own = this.inst.getResource(locale, 'screens', `${s}.fields.${last}`);
      if (typeof own === 'string') return own;
    }
    const candidates = [...scopes.flatMap((s) => [`${s}.${name}`, `${s}.${last}`]), name, last];
    for (const candidate of candidates) {
      const key = `fields:${candidate}`;
      if (this.inst.exists(key, { lng: locale }) && typeof this.inst.getResource(locale, 'fields', candidate) !== 'object') return String(this.inst.getFixedT(locale)(key));
    }
    return name;
  }
}
