import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';
import { DEFAULT_LOCALE } from './i18n/locales.ts';
import { USERNAME_MAX, USERNAME_MIN } from './validators/auth.ts';

// Pins every number the spec fixes (§2–§9); a change here must be a change of the spec.
describe('spec constants', () => {
  it('routing and API (§2, §7, §9)', () => {
    expect(C).toMatchObject({
      BASE_PATH: '/admin/',
      API_PREFIX: '/prod-api',
      HOME_PATH: '/admin/index',
      LOGIN_PATH: '/admin/login',
      NOT_FOUND_PATH: '/admin/404',
      FORBIDDEN_PATH: '/admin/401',
      RESET_PASSWORD_PATH: '/admin/user/profile?tab=resetPwd',
      PUBLIC_ROUTES: ['/login', '/register', '/404', '/401', '/auth-redirect', '/bind'],
      PUBLIC_ROUTE_PREFIXES: ['/redirect/'],
      REDIRECT_PATH: '/admin/redirect',
      DASHBOARD_ROUTE: '/index',
    });
  });

  it('requests and messages (§5, §7, §8)', () => {
    expect(C).toMatchObject({
      REQUEST_TIMEOUT_MS: 600000,
      CAPTCHA_TIMEOUT_MS: 20000,
      REPEAT_SUBMIT_INTERVAL_MS: 1000,
      MESSAGE_DURATION_MS: 5000,
    });
  });

  it('local keys (§3)', () => {
    expect(C).toMatchObject({
      TOKEN_COOKIE: 'Admin-Token',
      STORAGE_KEYS: {
        language: 'language',
        currentSite: 'CurrentSite',
        publishFlag: 'publish_flag',
        layoutSetting: 'layout-setting',
        sidebarStatus: 'sidebarStatus',
        size: 'size',
      },
    });
  });

  it('roles and permissions (§5, §6)', () => {
    expect(C).toMatchObject({
      ALL_PERMISSIONS: '*',
      SUPER_ADMIN_ROLE: 'admin',
      DEFAULT_ROLE: 'ROLE_DEFAULT',
    });
  });

  it('paging (§4, §9)', () => {
    expect(C).toMatchObject({
      PAGE_SIZES: [10, 20, 30, 50],
      DEFAULT_PAGE_SIZE: 20,
      PAGER_COUNT: 7,
      PAGER_COUNT_MOBILE: 5,
      SITE_LIST_PAGE_SIZE: 10,
      SCROLL_TO_TOP_MS: 800,
    });
  });

  it('layout (§2, §3, §4, §9)', () => {
    expect(C).toMatchObject({
      MOBILE_BREAKPOINT_PX: 992,
      SIDEBAR_WIDTH_PX: 200,
      SETTINGS_DRAWER_WIDTH_PX: 280,
      DIALOG_WIDTH_PX: 800,
      TOP_MENU_ITEM_WIDTH_PX: 85,
      TAB_MENU_WIDTH_PX: 105,
      TITLE_TOOLTIP_MIN_CHARS: 5,
      IFRAME_HEIGHT_OFFSET_PX: 94.5,
      DEFAULT_THEME_COLOR: '#409EFF',
      CONTROL_SIZES: ['default', 'medium', 'small', 'mini'],
      DEFAULT_CONTROL_SIZE: 'medium',
      CMS_MODULE_CONFIG_KEY: 'CMSModuleEnable',
      DOCS_LINK_CONFIG_KEY: 'castanea.link.docs',
      SOURCE_LINK_CONFIG_KEY: 'castanea.link.source',
    });
    expect(C.THEME_COLORS[0]).toBe('#409EFF');
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
    expect(C).toMatchObject({
      MENU_SEARCH_THRESHOLD: 0.4,
      MENU_SEARCH_TITLE_WEIGHT: 0.7,
      MENU_SEARCH_PATH_WEIGHT: 0.3,
      PUBLISH_FLAG_CHECK_MS: 2000,
      PUBLISH_TASK_POLL_MS: 5000,
      PUBLISH_FLAG_CLEAR_AFTER_ZERO_COUNTS: 3,
      UPLOAD_FILE_TYPES: ['doc', 'xls', 'ppt', 'txt', 'pdf'],
      UPLOAD_IMAGE_TYPES: ['png', 'jpg', 'jpeg'],
      UPLOAD_MAX_FILES: 5,
      UPLOAD_MAX_MB: 5,
      EDITOR_IMAGE_MAX_MB: 5,
      IMAGE_VIEWER_TYPES: ['jpg', 'png'],
      IMAGE_VIEWER_MAX_MB: 2,
      CRON_PREVIEW_COUNT: 5,
      WATERMARK_MIN_RATIO: 20,
      WATERMARK_DEFAULT_OPACITY: 1,
    });
  });

  it('downloads and uploads (§7)', () => {
    expect(C).toMatchObject({
      UPLOAD_URL: '/common/upload',
      UPLOAD_FIELD: 'file',
      DOWNLOAD_URL: '/common/download',
      DOWNLOAD_FILENAME_HEADER: 'download-filename',
      EXPORT_HEADER: 'cc-export',
    });
  });

  it('shared constants agree (§9)', () => {
    expect(DEFAULT_LOCALE).toBe('zh-CN');
    expect([USERNAME_MIN, USERNAME_MAX]).toEqual([2, 20]);
  });
});
