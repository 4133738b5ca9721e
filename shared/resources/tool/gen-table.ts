import { defineResource } from '../define.ts';
import { GEN_API, GEN_PERMS } from '../../tool/gen-keys.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/**
 * The tables imported into the code generator (Tools → Code Generation, /tool/gen, menu 116 as the
 * system seeds it), listed by the generic resource screen on a page of its own
 * (src/islands/tool/GenIsland.tsx). Nothing is added or edited in a dialog: tables arrive by Import
 * and their settings have a page of their own (the screen's extensions, src/islands/tool/gen/extensions.tsx).
 * Routes: server/modules/tool/gen/routes.ts.
 */
export const genTableResource = defineResource({
  name: 'genTable',
  api: GEN_API,
  id: 'tableId',
  perms: { view: GEN_PERMS.view, edit: GEN_PERMS.edit, remove: GEN_PERMS.remove },
  texts: {
    title: t('代码生成', '程式碼產生', 'Code Generator'),
    fields: {
      tableId: t('编号', '編號', 'ID'),
      tableName: t('表名', '資料表名稱', 'Table'),
      tableComment: t('表描述', '資料表說明', 'Description'),
      resourceName: t('资源名', '資源名稱', 'Resource'),
      permPrefix: t('权限前缀', '權限前綴', 'Permission prefix'),
      createTime: t('导入时间', '匯入時間', 'Imported'),
      updateTime: t('更新时间', '更新時間', 'Updated'),
    },
  },
  fields: {
    tableId: { kind: 'id', column: true },
    tableName: { kind: 'text', column: true, filter: 'like' },
    tableComment: { kind: 'text', column: { ellipsis: true, width: '14rem' } },
    resourceName: { kind: 'text', column: true },
    permPrefix: { kind: 'text', column: true },
    createTime: { kind: 'datetime', column: true },
    updateTime: { kind: 'datetime', column: true },
  },
});
