import type { Locale } from '../../../../../shared/i18n/locales.ts';

/**
 * The few words the default theme prints (nav, headings, prev/next). They are written into the
 * templates when the theme is installed, in the language of the user who installs it, so a site's
 * templates are plain Liquid in its own language that anyone can edit (sites have no language
 * setting to read at render time). `[[key]]` in a theme file is replaced by the word.
 *
 * `lang` is the site's language as the theme knows it (the `lang` of its pages); `other_lang` the
 * language a content is taken to be in when its title is written in another script than the
 * site's (theme/lang_of.template.html): English on a Chinese site, Chinese on an English one.
 */
export const THEME_WORDS: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    lang: 'zh-CN', home: '首页', latest: '最新', more: '更多', empty: '暂无内容', author: '作者', source: '来源',
    neighbours: '上一篇和下一篇', prev: '上一篇', next: '下一篇', related: '相关内容',
    type_article: '文章', type_image: '图集', type_audio: '音频', type_video: '视频', type_book: '图书',
    chapters: '目录', toc: '目录', prev_chapter: '上一章', next_chapter: '下一章', start_reading: '开始阅读', intro: '简介', no_chapters: '暂无章节',
    translators: '译者', publisher: '出版社', publication_date: '出版日期', words: '字数', status: '状态', completed: '已完结', ongoing: '连载中',
    skip: '跳到主要内容', breadcrumb: '当前位置', sections: '栏目导航', pages: '分页', other_lang: 'en', download: '下载',
    search: '搜索', search_label: '搜索本站', search_catalog: '栏目', all_catalogs: '全部栏目', sub_catalogs: '含下级栏目', search_type: '类型', all_types: '全部类型', titles_only: '仅搜索标题',
    results_count: '共找到 {n} 条结果', results_count_one: '共找到 1 条结果', results_count_about: '找到约 {n} 条结果', no_results: '没有找到与“{q}”相关的内容', search_hint: '输入关键词搜索本站内容', hot_searches: '热门搜索', prev_page: '上一页', next_page: '下一页', search_pages: '搜索结果分页',
    sign_in: '登录', sign_up: '注册', sign_out: '退出', my_account: '会员中心', user_name: '用户名', password: '密码', password_again: '再次输入密码', email: '邮箱', email_code: '邮箱验证码', send_code: '发送验证码', code_sent: '验证码已发送，请查收邮件',
    nick_name: '昵称', signature: '签名', about_me: '个人简介', birthday: '生日', save: '保存', saved: '已保存', old_password: '原密码', new_password: '新密码', change_password: '修改密码', password_changed: '密码已修改',
    forgot_password: '忘记密码', reset_password: '重置密码', password_reset: '密码已重置，请登录', change_email: '更换邮箱', new_email: '新邮箱', email_changed: '邮箱已更换', account_settings: '账号设置', avatar: '头像', upload_avatar: '上传头像',
    contribute: '投稿', contribution_title: '标题', summary: '摘要', body: '正文', tags: '标签（以逗号分隔）', catalog: '栏目', submit: '提交', contributed: '已提交，等待编辑审核', my_contributions: '我的投稿', no_contributions: '还没有投稿', contribution_published: '已发布', contribution_in_review: '待审核', delete_contribution: '撤回', delete_contribution_confirm: '撤回并删除这篇投稿？',
    daily_sign_in: '每日签到', signed_in_today: '签到成功', level: '等级', exp: '经验', no_account: '还没有账号？', have_account: '已有账号？', needs_script: '此页面需要启用 JavaScript 并能连接到站点服务。', signed_in: '登录成功', registered: '注册成功，请登录',
    comments: '评论', post_comment: '发表评论', comment_label: '写下你的评论', comment_posted: '评论已提交', reply: '回复', replying_to: '回复', cancel: '取消', like: '赞', favorite: '收藏', load_more: '加载更多', sign_in_to_comment: '登录后发表评论', views: '浏览',
    vote_submit: '投票', vote_results: '查看结果', vote_thanks: '感谢参与投票', vote_count: '{n} 票',
    contact_us: '联系我们', contact_intro: '有问题或建议？请给我们留言，我们会尽快回复。', message_title: '主题', your_name: '姓名', phone: '电话', phone_or_email: '电话和邮箱请至少填写一项，以便我们回复。', message: '留言内容', send_message: '发送留言', message_sent: '留言已发送，谢谢！',
    body_hint: '空一行即分段，原样显示。', add_image: '插入图片', image_added: '图片已上传，将附在正文之后', contribution_images: '已上传的图片',
    captcha: '验证码', captcha_image: '验证码图片', captcha_refresh: '换一张', captcha_answer: '输入图中字符', sign_in_to_comment_as_member: '或登录会员后评论', anonymous_reader: '匿名读者',
  },
  'zh-TW': {
    lang: 'zh-TW', home: '首頁', latest: '最新', more: '更多', empty: '暫無內容', author: '作者', source: '來源',
    neighbours: '上一篇和下一篇', prev: '上一篇', next: '下一篇', related: '相關內容',
    type_article: '文章', type_image: '圖集', type_audio: '音訊', type_video: '影片', type_book: '圖書',
    chapters: '目錄', toc: '目錄', prev_chapter: '上一章', next_chapter: '下一章', start_reading: '開始閱讀', intro: '簡介', no_chapters: '暫無章節',
    translators: '譯者', publisher: '出版社', publication_date: '出版日期', words: '字數', status: '狀態', completed: '已完結', ongoing: '連載中',
    skip: '跳到主要內容', breadcrumb: '目前位置', sections: '欄目導覽', pages: '分頁', other_lang: 'en', download: '下載',
    search: '搜尋', search_label: '搜尋本站', search_catalog: '欄目', all_catalogs: '全部欄目', sub_catalogs: '含下層欄目', search_type: '類型', all_types: '全部類型', titles_only: '僅搜尋標題',
    results_count: '共找到 {n} 筆結果', results_count_one: '共找到 1 筆結果', results_count_about: '找到約 {n} 筆結果', no_results: '找不到與「{q}」相關的內容', search_hint: '輸入關鍵字搜尋本站內容', hot_searches: '熱門搜尋', prev_page: '上一頁', next_page: '下一頁', search_pages: '搜尋結果分頁',
    sign_in: '登入', sign_up: '註冊', sign_out: '登出', my_account: '會員中心', user_name: '使用者名稱', password: '密碼', password_again: '再次輸入密碼', email: '電子郵件', email_code: '電子郵件驗證碼', send_code: '傳送驗證碼', code_sent: '驗證碼已寄出，請查看郵件',
    nick_name: '暱稱', signature: '簽名', about_me: '個人簡介', birthday: '生日', save: '儲存', saved: '已儲存', old_password: '原密碼', new_password: '新密碼', change_password: '變更密碼', password_changed: '密碼已變更',
    forgot_password: '忘記密碼', reset_password: '重設密碼', password_reset: '密碼已重設，請登入', change_email: '變更電子郵件', new_email: '新電子郵件', email_changed: '電子郵件已變更', account_settings: '帳號設定', avatar: '大頭貼', upload_avatar: '上傳大頭貼',
    contribute: '投稿', contribution_title: '標題', summary: '摘要', body: '內文', tags: '標籤（以逗號分隔）', catalog: '欄目', submit: '送出', contributed: '已送出，等待編輯審核', my_contributions: '我的投稿', no_contributions: '還沒有投稿', contribution_published: '已發布', contribution_in_review: '待審核', delete_contribution: '撤回', delete_contribution_confirm: '撤回並刪除這篇投稿？',
    daily_sign_in: '每日簽到', signed_in_today: '簽到成功', level: '等級', exp: '經驗值', no_account: '還沒有帳號？', have_account: '已有帳號？', needs_script: '此頁面需要啟用 JavaScript 並能連線到網站服務。', signed_in: '登入成功', registered: '註冊成功，請登入',
    comments: '留言', post_comment: '發表留言', comment_label: '寫下你的留言', comment_posted: '留言已送出', reply: '回覆', replying_to: '回覆', cancel: '取消', like: '讚', favorite: '收藏', load_more: '載入更多', sign_in_to_comment: '登入後發表留言', views: '瀏覽',
    vote_submit: '投票', vote_results: '檢視結果', vote_thanks: '感謝參與投票', vote_count: '{n} 票',
    contact_us: '聯絡我們', contact_intro: '有問題或建議嗎？歡迎留言給我們，我們會盡快回覆。', message_title: '主旨', your_name: '姓名', phone: '電話', phone_or_email: '電話和電子郵件請至少填寫一項，以便我們回覆。', message: '留言內容', send_message: '送出留言', message_sent: '留言已送出，謝謝！',
    body_hint: '空一行即分段，依原樣顯示。', add_image: '插入圖片', image_added: '圖片已上傳，將附在內文之後', contribution_images: '已上傳的圖片',
    captcha: '驗證碼', captcha_image: '驗證碼圖片', captcha_refresh: '換一張', captcha_answer: '輸入圖中字元', sign_in_to_comment_as_member: '或登入會員後留言', anonymous_reader: '匿名讀者',
  },
  en: {
    lang: 'en', home: 'Home', latest: 'Latest', more: 'More', empty: 'Nothing here yet', author: 'Author', source: 'Source',
    neighbours: 'Previous and next', prev: 'Previous', next: 'Next', related: 'Related',
    type_article: 'Article', type_image: 'Gallery', type_audio: 'Audio', type_video: 'Video', type_book: 'Book',
    chapters: 'Contents', toc: 'Contents', prev_chapter: 'Previous chapter', next_chapter: 'Next chapter', start_reading: 'Start reading', intro: 'About this book', no_chapters: 'No chapters yet',
    translators: 'Translators', publisher: 'Publisher', publication_date: 'Published', words: 'Words', status: 'Status', completed: 'Completed', ongoing: 'Ongoing',
    skip: 'Skip to main content', breadcrumb: 'Breadcrumb', sections: 'Sections', pages: 'Pages', other_lang: 'zh', download: 'Download',
    search: 'Search', search_label: 'Search this site', search_catalog: 'Section', all_catalogs: 'All sections', sub_catalogs: 'Include subsections', search_type: 'Type', all_types: 'All types', titles_only: 'Titles only',
    results_count: '{n} results', results_count_one: '1 result', results_count_about: 'About {n} results', no_results: 'Nothing found for “{q}”', search_hint: 'Type words to search this site', hot_searches: 'Popular searches', prev_page: 'Previous', next_page: 'Next', search_pages: 'Result pages',
    sign_in: 'Sign in', sign_up: 'Register', sign_out: 'Sign out', my_account: 'My account', user_name: 'User name', password: 'Password', password_again: 'Password again', email: 'E-mail', email_code: 'Code from the e-mail', send_code: 'Send a code', code_sent: 'A code is on its way to your inbox',
    nick_name: 'Nickname', signature: 'Signature', about_me: 'About me', birthday: 'Birthday', save: 'Save', saved: 'Saved', old_password: 'Current password', new_password: 'New password', change_password: 'Change password', password_changed: 'Your password is changed',
    forgot_password: 'Forgot your password?', reset_password: 'Reset the password', password_reset: 'Your password is reset; sign in with it', change_email: 'Change e-mail', new_email: 'New e-mail', email_changed: 'Your e-mail is changed', account_settings: 'Account settings', avatar: 'Avatar', upload_avatar: 'Upload an avatar',
    contribute: 'Contribute', contribution_title: 'Title', summary: 'Summary', body: 'Text', tags: 'Tags (separated by commas)', catalog: 'Section', submit: 'Submit', contributed: 'Submitted; an editor will review it', my_contributions: 'My contributions', no_contributions: 'No contributions yet', contribution_published: 'Published', contribution_in_review: 'Awaiting review', delete_contribution: 'Withdraw', delete_contribution_confirm: 'Withdraw and delete this contribution?',
    daily_sign_in: 'Daily check-in', signed_in_today: 'Checked in for today', level: 'Level', exp: 'Experience', no_account: 'No account yet?', have_account: 'Already registered?', needs_script: 'This page needs JavaScript and a connection to the site\'s server.', signed_in: 'Signed in', registered: 'Registered; now sign in',
    comments: 'Comments', post_comment: 'Post a comment', comment_label: 'Your comment', comment_posted: 'Your comment is sent', reply: 'Reply', replying_to: 'Replying to', cancel: 'Cancel', like: 'Like', favorite: 'Favorite', load_more: 'Load more', sign_in_to_comment: 'Sign in to comment', views: 'Views',
    vote_submit: 'Vote', vote_results: 'See the results', vote_thanks: 'Thank you for voting', vote_count: 'Votes: {n}',
    contact_us: 'Contact us', contact_intro: 'A question or a suggestion? Leave us a message and we will answer soon.', message_title: 'Subject', your_name: 'Your name', phone: 'Phone', phone_or_email: 'Leave a phone number or an e-mail address (or both) so that we can answer.', message: 'Message', send_message: 'Send the message', message_sent: 'Your message is sent. Thank you!',
    body_hint: 'A blank line starts a new paragraph; the text is shown as typed.', add_image: 'Add an image', image_added: 'The image is uploaded; it goes after the text', contribution_images: 'Uploaded images',
    captcha: 'Captcha', captcha_image: 'The captcha image', captcha_refresh: 'Another image', captcha_answer: 'Characters in the image', sign_in_to_comment_as_member: 'Or sign in to comment as a member', anonymous_reader: 'Anonymous reader',
  },
};
