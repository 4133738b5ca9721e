/**
 * The password policy of the security config (spec §3, §5 Password change), applied by the server
 * when a password is set and by the account center before it sends one. Each failure is a distinct
 * message key of the shared `validation` namespace (`passwordPolicy.*`), so both sides word it alike.
 */

/** dict SecurityPasswordRule */
export const PASSWORD_RULES = ['NONE', 'LETTER_NUMBER', 'UPPER_LOW_LETTER_NUMBER', 'LETTER_NUMBER_SPECIAL', 'UPPER_LOW_LETTER_NUMBER_SPECIAL'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** dict SecurityPasswordSensitive */
export const PASSWORD_SENSITIVE = ['ACCOUNT', 'PHONE_NUMBER', 'EMAIL', 'NICK_NAME', 'REAL_NAME', 'BIRTHDAY'] as const;
export type PasswordSensitive = (typeof PASSWORD_SENSITIVE)[number];

/** Special characters a rule may ask for; the same set as the dict's patterns (seed/dicts-system.ts). */
export const PASSWORD_SPECIAL_CHARS = `!@#$%^&*?()[]{}<>:;,.'"~·+=_-`;
const SPECIAL_CLASS = `!@#$%^&*?()\\[\\]{}<>:;,.'"~·+=_-`;
const ALLOWED = `[A-Za-z\\d${SPECIAL_CLASS}]+$`;

/** The regular expression of each rule (sent to clients as passwordRulePattern; '' for NONE). */
export const RULE_PATTERNS: Record<PasswordRule, string> = {
  NONE: '',
  LETTER_NUMBER: `^(?=.*\\d+)(?=.*[A-Za-z]+)${ALLOWED}`,
  UPPER_LOW_LETTER_NUMBER: `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)${ALLOWED}`,
  LETTER_NUMBER_SPECIAL: `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${SPECIAL_CLASS}])${ALLOWED}`,
  UPPER_LOW_LETTER_NUMBER_SPECIAL: `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${SPECIAL_CLASS}])${ALLOWED}`,
};

export const rulePattern = (rule: string): string => RULE_PATTERNS[rule as PasswordRule] ?? '';

/** What the check needs from a security config (GET /system/security/config/current). */
export interface PasswordPolicy {
  passwordLenMin: number;
  passwordLenMax: number;
  passwordRule: string;
  passwordSensitive: readonly string[];
  /** one per line */
  weakPasswords: string;
}

/** Policy while no security config is enabled: 6–20 characters, nothing else. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  passwordLenMin: 6,
  passwordLenMax: 20,
  passwordRule: 'NONE',
  passwordSensitive: [],
  weakPasswords: '',
};

/** The account's own data a password may not contain (only the kinds the policy names are checked). */
export interface PasswordOwner {
  userName?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  nickName?: string | null;
  realName?: string | null;
  /** yyyyMMdd */
  birthday?: string | null;
}

/** A failure: `validation:<key>` with params. */
export interface PolicyIssue {
  key: string;
  params: Record<string, unknown>;
}

// Values this short would forbid half the alphabet (a one-letter nickname); they are not checked.
const MIN_SENSITIVE_LENGTH = 3;

function sensitiveValues(kind: string, owner: PasswordOwner): string[] {
  switch (kind) {
    case 'ACCOUNT':
      return [owner.userName ?? ''];
    case 'PHONE_NUMBER':
      return [owner.phoneNumber ?? ''];
    case 'EMAIL': {
      // The whole address, and its local part, which is what people actually reuse.
      const email = owner.email ?? '';
      return [email, email.split('@')[0] ?? ''];
    }
    case 'NICK_NAME':
      return [owner.nickName ?? ''];
    case 'REAL_NAME':
      return [owner.realName ?? ''];
    case 'BIRTHDAY':
      return [owner.birthday ?? ''];
    default:
      return [];
  }
}

/** The weak-password list as lower-case entries (blank lines ignored). */
export const weakList = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * The first way `password` breaks `policy`, or null. Order: length, rule, sensitive data, weak list —
 * so the user fixes the most basic problem first.
 */
export function checkPassword(password: string, policy: PasswordPolicy, owner: PasswordOwner = {}): PolicyIssue | null {
  const min = policy.passwordLenMin;
  const max = policy.passwordLenMax;
  const length = [...password].length;
  if (length < min || length > max) return { key: 'passwordPolicy.length', params: { min, max } };

  const pattern = rulePattern(policy.passwordRule);
  if (pattern && !new RegExp(pattern).test(password)) {
    // Tell "wrong kind of character" apart from "missing a required kind".
    if (!new RegExp(`^${ALLOWED}`).test(password)) return { key: 'passwordPolicy.chars', params: { chars: PASSWORD_SPECIAL_CHARS } };
    return { key: `passwordPolicy.rule.${policy.passwordRule}`, params: { chars: PASSWORD_SPECIAL_CHARS } };
  }

  const lower = password.toLowerCase();
  for (const kind of policy.passwordSensitive) {
    const hit = sensitiveValues(kind, owner).some((v) => v.trim().length >= MIN_SENSITIVE_LENGTH && lower.includes(v.trim().toLowerCase()));
    if (hit) return { key: `passwordPolicy.sensitive.${kind}`, params: {} };
  }

  if (weakList(policy.weakPasswords).includes(lower)) return { key: 'passwordPolicy.weak', params: {} };
  return null;
}
