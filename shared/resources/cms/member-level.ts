import { defineResource } from '../define.ts';
import { crud, MENU_DIRS, type Texts } from '../declare.ts';
import { intRange, requiredText } from '../../validators/common.ts';
import { EXP_TEXTS, levelTypeField } from './member-exp.ts';

const t = (zhCN: string, zhTW: string, en: string): Texts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/**
 * Level Config (ChestnutCMS /member/levelConfig, menu 2062 under Member): a member at a level moves
 * up to the next configured one once its experience reaches this level's "next needed exp".
 */
export const memberLevelResource = defineResource({
  name: 'memberLevel',
  api: '/member/levelConfig',
  id: 'configId',
  perms: crud('member:level', { export: undefined }),
  menu: {
    id: 2062, parent: MENU_DIRS.member, order: 2, path: 'levelConfig', component: 'member/levelConfig', icon: 'guide',
    buttons: { add: 3410, edit: 3411, remove: 3412 },
  },
  texts: {
    title: t('等级配置', '等級設定', 'Level Config'),
    fields: {
      configId: t('ID', 'ID', 'ID'),
      levelType: t('等级类型', '等級類型', 'Level Type'),
      level: t('等级', '等級', 'Level'),
      name: t('等级名称', '等級名稱', 'Level Name'),
      nextNeedExp: t('升级所需经验', '升級所需經驗', 'Next Needed Exp'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
    more: { type_exp: EXP_TEXTS.type_exp, nextHint: t('经验达到此值即升入下一等级', '經驗達到此值即升入下一等級', 'Reaching this experience moves a member up to the next level') },
  },
  fields: {
    configId: { kind: 'id' },
    levelType: levelTypeField('memberLevel'),
    level: { kind: 'number', input: intRange(0, 9999, 1), column: { sortable: true }, filter: 'eq', form: true, initial: 1 },
    name: { kind: 'text', input: requiredText(50), column: true, form: true },
    nextNeedExp: { kind: 'number', input: intRange(0, 100_000_000, 0), column: true, form: true, initial: 0, hint: 'screens:memberLevel.nextHint' },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'level', order: 'asc' },
  unique: ['level'],
});
