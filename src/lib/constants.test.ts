import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';
import { DEFAULT_LOCALE } from './i18n/locales.ts';
import { USERNAME_MAX, USERNAME_MIN } from './validators/auth.ts';

// Pins every number the spec fixes (§2–§9); a change here must be a change of the spec.
describe('spec constants', () => {
  it('routing and API (§2, §7, §9)', () => {
    expect(C.BASE_PATH).toBe('/admin/');
    expect(C.API_PREFIX).toBe('/prod-api');
    expect(C.HOME_PATH).toBe('/admin/index');
    expect(C.LOGIN_PATH).toBe('/admin/login');
    expect(C.NOT_FOUND_PATH).toBe('/admin/404');
    expect(C.FORBIDDEN_PATH).toBe('/admin/401');
    expect(C.RESET_PASSWORD_PATH).toBe('/admin/user/profile?tab=resetPwd');
    expect([...C.PUBLIC_ROUTES]).toEqual(['/login', '/register', '/404', '/401', '/auth-redirect', '/bind']);
    expect([...C.PUBLIC_ROUTE_PREFIXES]).toEqual(['/redirect/']);
    expect(C.REDIRECT_PATH).toBe('/admin/redirect');
    expect(C.DASHBOARD_ROUTE).toBe('/index');
  });

  it('requests and messages (§5, §7, §8)', () => {
    expect(C.REQUEST_TIMEOUT_MS).toBe(600000);
    expect(C.CAPTCHA_TIMEOUT_MS).toBe(20000);
    expect(C.REPEAT_SUBMIT_INTERVAL_MS).toBe(1000);
    expect(C.MESSAGE_DURATION_MS).toBe(5000);
  });

  it('local keys (§3)', () => {
    expect(C.TOKEN_COOKIE).toBe('Admin-Token');
    expect(C.STORAGE_KEYS.language).toBe('language');
    expect(C.STORAGE_KEYS.currentSite).toBe('CurrentSite');
    expect(C.STORAGE_KEYS.publishFlag).toBe('publish_flag');
    expect(C.STORAGE_KEYS.layoutSetting).toBe('layout-setting');
    expect(C.STORAGE_KEYS.sidebarStatus).toBe('sidebarStatus');
    expect(C.STORAGE_KEYS.size).toBe('size');
  });

  it('roles and permissions (§5, §6)', () => {
    expect(C.ALL_PERMISSIONS).toBe('*');
    expect(C.SUPER_ADMIN_ROLE).toBe('admin');
    expect(C.DEFAULT_ROLE).toBe('ROLE_DEFAULT');
  });

  it('paging (§4, §9)', () => {
    expect([...C.PAGE_SIZES]).toEqual([10, 20, 30, 50]);
    expect(C.DEFAULT_PAGE_SIZE).toBe(20);
    expect(C.PAGER_COUNT).toBe(7);
    expect(C.PAGER_COUNT_MOBILE).toBe(5);
    expect(C.SITE_LIST_PAGE_SIZE).toBe(10);
    expect(C.SCROLL_TO_TOP_MS).toBe(800);
  });

  it('layout (§2, §3, §4, §9)', () => {
    expect(C.MOBILE_BREAKPOINT_PX).toBe(992);
    expect(C.SIDEBAR_WIDTH_PX).toBe(200);
    expect(C.SETTINGS_DRAWER_WIDTH_PX).toBe(280);
    expect(C.DIALOG_WIDTH_PX).toBe(800);
    expect(C.TOP_MENU_ITEM_WIDTH_PX).toBe(85);
    expect(C.TAB_MENU_WIDTH_PX).toBe(105);
    expect(C.TITLE_TOOLTIP_MIN_CHARS).toBe(5);
    expect(C.IFRAME_HEIGHT_OFFSET_PX).toBe(94.5);
    expect(C.DEFAULT_THEME_COLOR).toBe('#409EFF');
    expect([...C.CONTROL_SIZES]).toEqual(['default', 'medium', 'small', 'mini']);
    expect(C.DEFAULT_CONTROL_SIZE).toBe('medium');
    expect(C.THEME_COLORS[0]).toBe('#409EFF');
    expect(C.CMS_MODULE_CONFIG_KEY).toBe('CMSModuleEnable');
    expect(C.DOCS_LINK_CONFIG_KEY).toBe('castanea.link.docs');
    expect(C.SOURCE_LINK_CONFIG_KEY).toBe('castanea.link.source');
    expect(C.DEFAULT_LAYOUT_SETTINGS).toEqual({
      sideTheme: 'theme-dark',
      showSettings: false,
      topNav: false,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
      dynamicTitle: false,
      errorLog: 'production',
      theme: '#409EFF',
    });
  });

  it('search, publishing, uploads and misc (§2, §4, §5, §9)', () => {
    expect(C.MENU_SEARCH_THRESHOLD).toBe(0.4);
    expect(C.MENU_SEARCH_TITLE_WEIGHT).toBe(0.7);
    expect(C.MENU_SEARCH_PATH_WEIGHT).toBe(0.3);
    expect(C.PUBLISH_FLAG_CHECK_MS).toBe(2000);
    expect(C.PUBLISH_TASK_POLL_MS).toBe(5000);
    expect(C.PUBLISH_FLAG_CLEAR_AFTER_ZERO_COUNTS).toBe(3);
    expect([...C.UPLOAD_FILE_TYPES]).toEqual(['doc', 'xls', 'ppt', 'txt', 'pdf']);
    expect([...C.UPLOAD_IMAGE_TYPES]).toEqual(['png', 'jpg', 'jpeg']);
    expect(C.UPLOAD_MAX_FILES).toBe(5);
    expect(C.UPLOAD_MAX_MB).toBe(5);
    expect(C.EDITOR_IMAGE_MAX_MB).toBe(5);
    expect([...C.IMAGE_VIEWER_TYPES]).toEqual(['jpg', 'png']);
    expect(C.IMAGE_VIEWER_MAX_MB).toBe(2);
    expect(C.CRON_PREVIEW_COUNT).toBe(5);
    expect(C.WATERMARK_MIN_RATIO).toBe(20);
    expect(C.WATERMARK_DEFAULT_OPACITY).toBe(1);
  });

  it('downloads and uploads (§7)', () => {
    expect(C.UPLOAD_URL).toBe('/common/upload');
    expect(C.UPLOAD_FIELD).toBe('file');
    expect(C.DOWNLOAD_URL).toBe('/common/download');
    expect(C.DOWNLOAD_FILENAME_HEADER).toBe('download-filename');
    expect(C.EXPORT_HEADER).toBe('cc-export');
  });

  it('shared constants agree (§9)', () => {
    expect(DEFAULT_LOCALE).toBe('zh-CN');
    expect([USERNAME_MIN, USERNAME_MAX]).toEqual([2, 20]);
  });
});
