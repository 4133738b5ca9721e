import { Value, type Context, type FilteredValueToken, type Liquid, type Tokenizer, TokenizationError } from 'liquidjs';
import type { TagAttr, TagDef } from '../../../../shared/cms/template-registry.ts';
import { CmsTemplateProblem, english } from './errors.ts';

/**
 * A CMS tag's attributes, read from `{% cms_content catalogId: 12, size: 10 %}` (or, as in
 * FreeMarker themes, `catalogid="12"`): names without regard to case, each once, each one the
 * registry declares for the tag. A value written as a literal is checked while the template is
 * parsed (so saving a template reports it with its line); a value from a variable is checked when
 * the tag renders. Defaults are filled in, so an attribute is never "unset".
 */

export type AttrValues = Record<string, string | number | boolean | string[] | undefined>;

/** A literal the parser can check at once: a quoted text, a number, true or false. */
const LITERAL = /^(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|(true|false))$/;

const MAX_STRING = 500;

/** Checks and converts one attribute's value (raw from a literal or from rendering). */
export function convert(tag: TagDef, attr: TagAttr, raw: unknown): string | number | boolean | string[] | undefined {
  if (raw === undefined || raw === null || raw === '') {
    if (attr.required) throw new CmsTemplateProblem('missingAttribute', { tag: tag.name, attr: attr.name });
    return attr.default;
  }
  const text = String(raw).trim();
  const fail = (key: string, extra: Record<string, unknown> = {}) => new CmsTemplateProblem(key, { tag: tag.name, attr: attr.name, value: text.slice(0, 80), ...extra });
  switch (attr.type) {
    case 'int': {
      const min = attr.min ?? 0;
      const max = attr.max ?? Number.MAX_SAFE_INTEGER;
      if (!/^-?\d{1,16}$/.test(text) || Number(text) < min || Number(text) > max) throw fail('badInt', { min, max });
      return Number(text);
    }
    case 'bool':
      if (raw === true || raw === false) return raw;
      if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
      throw fail('badBool');
    case 'enum': {
      const hit = attr.options!.find((o) => o.toLowerCase() === text.toLowerCase());
      if (!hit) throw fail('badOption', { options: attr.options!.join(', ') });
      return hit;
    }
    case 'enumList': {
      const items = text.split(',').map((s) => s.trim()).filter(Boolean);
      return items.map((item) => {
        const hit = attr.options!.find((o) => o.toLowerCase() === item.toLowerCase());
        if (!hit) throw new CmsTemplateProblem('badOption', { tag: tag.name, attr: attr.name, value: item.slice(0, 80), options: attr.options!.join(', ') });
        return hit;
      });
    }
    default:
      if (typeof raw === 'object' || text.length > MAX_STRING) throw fail('badString', { max: MAX_STRING });
      return text;
  }
}

/** A tokenization error at `pos`, carrying our message key (errors.ts reads it back). */
function problemAt(tokenizer: Tokenizer, pos: number, key: string, params: Record<string, unknown>): TokenizationError {
  const err = tokenizer.error(english(key, params), pos);
  Object.defineProperty(err, 'originalError', { value: new CmsTemplateProblem(key, params), enumerable: false });
  return err;
}

export class TagAttributes {
  /** checked literal values */
  private readonly fixed: AttrValues = {};
  /** values computed at render time */
  private readonly dynamic: [TagAttr, Value, string][] = [];

  readonly tag: TagDef;

  constructor(tag: TagDef, tokenizer: Tokenizer, liquid: Liquid) {
    this.tag = tag;
    const byName = new Map(tag.attrs.map((a) => [a.name.toLowerCase(), a]));
    const seen = new Set<string>();
    for (;;) {
      tokenizer.skipBlank();
      if (tokenizer.peek() === ',') {
        tokenizer.advance();
        tokenizer.skipBlank();
      }
      if (tokenizer.end()) break;
      const begin = tokenizer.p;
      const id = tokenizer.readNonEmptyIdentifier();
      if (!id) throw problemAt(tokenizer, begin, 'attributeSyntax', { tag: tag.name, found: tokenizer.remaining().slice(0, 30) });
      const name = id.content;
      const attr = byName.get(name.toLowerCase());
      if (!attr) throw problemAt(tokenizer, begin, 'unknownAttribute', { tag: tag.name, attr: name, known: tag.attrs.map((a) => a.name).join(', ') || '—' });
      if (seen.has(attr.name)) throw problemAt(tokenizer, begin, 'duplicateAttribute', { tag: tag.name, attr: attr.name });
      seen.add(attr.name);
      tokenizer.skipBlank();
      const sep = tokenizer.peek();
      if (sep !== ':' && sep !== '=') throw problemAt(tokenizer, tokenizer.p, 'attributeSyntax', { tag: tag.name, found: tokenizer.remaining().slice(0, 30) || name });
      tokenizer.advance();
      tokenizer.skipBlank();
      const valueAt = tokenizer.p;
      // FreeMarker style (`a="1" b="2"`, no commas) takes plain values; Liquid style may pipe through filters.
      const token = sep === '=' ? tokenizer.readValue() : tokenizer.readFilteredValue();
      if (!token) throw problemAt(tokenizer, valueAt, 'attributeSyntax', { tag: tag.name, found: tokenizer.remaining().slice(0, 30) || name });
      const plain = !('filters' in token) || (token as FilteredValueToken).filters.length === 0;
      const literal = plain ? LITERAL.exec(token.getText().trim()) : null;
      if (literal) {
        try {
          this.fixed[attr.name] = convert(tag, attr, literal[1] ?? literal[2] ?? literal[3] ?? literal[4]);
        } catch (err) {
          const p = err as CmsTemplateProblem;
          throw problemAt(tokenizer, valueAt, p.key, p.params);
        }
      } else {
        this.dynamic.push([attr, new Value('filters' in token ? (token as FilteredValueToken) : token.getText(), liquid), token.getText().trim()]);
      }
    }
    for (const attr of tag.attrs) {
      if (seen.has(attr.name)) continue;
      if (attr.required) throw problemAt(tokenizer, tokenizer.p, 'missingAttribute', { tag: tag.name, attr: attr.name });
      this.fixed[attr.name] = attr.default;
    }
  }

  /** The values for this render: literals as checked, the others computed and checked now. */
  *values(ctx: Context): Generator<unknown, AttrValues, unknown> {
    if (!this.dynamic.length) return this.fixed;
    const out: AttrValues = { ...this.fixed };
    for (const [attr, value, expr] of this.dynamic) {
      const raw = yield value.value(ctx, false);
      // A variable with no value is a mistake to report (a typo, a field that is not there), not a default.
      if (raw === undefined || raw === null) throw new CmsTemplateProblem('noValue', { tag: this.tag.name, attr: attr.name, expr: expr.slice(0, 80) });
      out[attr.name] = convert(this.tag, attr, raw);
    }
    return out;
  }
}
