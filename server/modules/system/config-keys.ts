/**
 * Which config values (sys_config) whom may read. A config's value is readable by key
 * (GET /system/config/configKey/:key) to anyone signed in only for the keys below, the ones the
 * console needs on every screen whatever the user's permissions; any other key needs
 * `system:config:view`. Secrets are never returned to anyone, administrators included: they are
 * masked in the list, the detail and the export, and refused by key.
 */

/** Keys any signed-in user may read, each with the reason. */
export const PUBLIC_CONFIG_KEYS: Readonly<Record<string, string>> = {
  CMSModuleEnable: 'the navbar shows the site picker and the publish indicator when it is "true" (src/islands/shell/site-api.ts)',
  'castanea.link.docs': "the navbar's Docs button opens it",
  'castanea.link.source': "the navbar's Source button opens it",
  'sys.index.skinName': "the console's default skin, a display choice",
  'sys.index.sideTheme': "the sidebar's default theme, a display choice",
  'sys.account.captchaEnabled': 'already public: the sign-in page reads it through /login/config',
  'sys.account.registerUser': 'already public: the sign-in page reads it through /login/config',
};

export const isPublicConfigKey = (key: string) => Object.hasOwn(PUBLIC_CONFIG_KEYS, key);

/**
 * A key naming a password, secret, token, API key, private key or credential holds a secret
 * (`sys.user.initPassword`, `mail.apiSecret`, `sms.accessToken`…). The rule is the key's name, so
 * an administrator marks a new secret by how they name it, and no key can be both public and secret.
 */
const SECRET_KEY = /pass(word|wd)?|pwd|secret|token|api[._-]?key|private[._-]?key|credential/i;

export const isSecretConfigKey = (key: string) => SECRET_KEY.test(key);

/** What replies carry instead of a secret value; sent back unchanged by an edit, it keeps the stored one. */
export const SECRET_MASK = '******';
