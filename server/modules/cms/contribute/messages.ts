import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of members' contributions, per language (merged into the CMS's). */
export const CONTRIBUTE_MESSAGES: MessageCatalog = {
  'zh-CN': {
    contribute: {
      catalogClosed: '该栏目不接受投稿',
      notFound: '投稿不存在',
      notDraft: '稿件已进入审核或已发布，不能删除',
      imageOnly: '只能上传图片（JPG、PNG、GIF、WebP 等）',
    },
  },
  'zh-TW': {
    contribute: {
      catalogClosed: '此欄目不接受投稿',
      notFound: '投稿不存在',
      notDraft: '稿件已進入審核或已發布，無法刪除',
      imageOnly: '只能上傳圖片（JPG、PNG、GIF、WebP 等）',
    },
  },
  en: {
    contribute: {
      catalogClosed: 'This catalog does not accept contributions',
      notFound: 'No such contribution',
      notDraft: 'The contribution is being reviewed or was published: it can no longer be deleted',
      imageOnly: 'Only images can be uploaded (JPG, PNG, GIF, WebP…)',
    },
  },
};
