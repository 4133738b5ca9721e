import type { GenSpec } from '../model.ts';
import { editable, lit, type Col, type Names } from './names.ts';

/** The field's write validation, as source, and the validators it imports. */
function inputOf(c: Col): { source: string; uses: string[] } {
  const max = c.maxLength ?? 255;
  if (c.formWidget === 'datetime') return { source: c.required ? 'dateTimeInput()' : 'dateTimeInput().nullable().optional()', uses: ['dateTimeInput'] };
  if (c.formWidget === 'number' || c.type.value === 'number' || c.type.value === 'bigint') {
    if (c.type.value === 'bigint') return { source: c.required ? 'id()' : 'id().optional()', uses: ['id'] };
    const limit = c.columnType === 'smallint' ? 32767 : 2147483647;
    return { source: `intRange(0, ${limit}, 0)`, uses: ['intRange'] };
  }
  return c.required ? { source: `requiredText(${max})`, uses: ['requiredText'] } : { source: `optionalText(${max})`, uses: ['optionalText'] };
}

/** The field's kind: the widget, the id for the key, a number for a number column whatever the widget. */
function kindOf(c: Col): string {
  if (c.isPk) return 'id';
  if (c.type.value === 'time') return 'datetime';
  if (c.type.value === 'number' || c.type.value === 'bigint') return 'number';
  return c.formWidget === 'number' || c.formWidget === 'datetime' ? 'text' : c.formWidget;
}

function fieldLine(c: Col, uses: Set<string>): string {
  const kind = kindOf(c);
  const parts = [`kind: ${lit(kind)}`];
  if (kind === 'dict' && c.dictType) parts.push(`dict: ${lit(c.dictType)}`);
  if (editable(c)) {
    const input = inputOf(c);
    input.uses.forEach((u) => uses.add(u));
    parts.push(`input: ${input.source}`);
  }
  if (c.inList || c.isPk) parts.push('column: true');
  if (c.inQuery && !c.isPk) {
    // A text is searched by substring only when it is text; a time by range only when it is a time.
    const filter = c.queryType === 'like' && c.type.value !== 'text' ? 'eq' : c.queryType === 'range' && c.type.value !== 'time' ? 'eq' : c.queryType;
    parts.push(`filter: ${lit(filter)}`);
  }
  if (editable(c)) parts.push('form: true');
  return `    ${c.fieldName}: { ${parts.join(', ')} },`;
}

const texts = (zh: string, tw: string, en: string) => `t(${lit(zh)}, ${lit(tw)}, ${lit(en)})`;

const IMPORTS: Record<string, string> = {
  requiredText: '../../validators/common.ts', optionalText: '../../validators/common.ts', intRange: '../../validators/common.ts',
  id: '../../validators/common.ts', dateTimeInput: '../../validators/date.ts',
};

/** shared/resources/<module>/<name>.ts: the one definition the server and the console derive the screen from. */
export function definitionFile({ table }: GenSpec, n: Names): string {
  const uses = new Set<string>();
  const fields = n.fields.map((c) => fieldLine(c, uses));
  const byFile = new Map<string, string[]>();
  for (const u of [...uses].sort()) byFile.set(IMPORTS[u]!, [...(byFile.get(IMPORTS[u]!) ?? []), u]);
  const imports = [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from '${file}';`);
  return `import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
${imports.join('\n')}

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/**
 * The table ${table.tableName}${n.siteScoped ? ', one site\'s rows each' : ''}: written by the code generator
 * (Tools → Code Generation); from here on it is this project's code, to be changed by hand.
 */
export const ${n.defConst} = defineResource({
  name: ${lit(table.resourceName)},
  api: ${lit(n.api)},
  id: ${lit(n.pk.fieldName)},
  perms: crud(${lit(table.permPrefix)}, { export: undefined }),
  menu: {
    id: ${table.menuId}, parent: MENU_DIRS.${table.menuParent}, order: 90, path: ${lit(table.resourceName)}, component: ${lit(`${n.module}/${table.resourceName}/index`)}, icon: 'list',
    buttons: { add: ${table.menuId + 1}, edit: ${table.menuId + 2}, remove: ${table.menuId + 3} },
  },
  texts: {
    title: ${texts(table.titleZhCn, table.titleZhTw, table.titleEn)},
    fields: {
${n.fields.map((c) => `      ${c.fieldName}: ${texts(c.labelZhCn, c.labelZhTw, c.labelEn)},`).join('\n')}
    },
  },
  fields: {
${fields.join('\n')}
  },
  sort: { field: ${lit(n.pk.fieldName)}, order: 'desc' },
});
`;
}
