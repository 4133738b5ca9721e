/**
 * Business constants and limits of the console (spec §2, §3, §4, §5, §7, §8, §9), in one place so a
 * number the spec fixes is written once, under the spec's names; the behaviour that uses them is
 * tested where it lives (pagination, uploads, requests, the route guard, the stores).
 */

// §2 / §9: routing
/** Base path of the console (router history base). */
export const BASE_PATH = '/admin/';
/** Prefix of the API; the build can point elsewhere with PUBLIC_API_BASE. */
export const API_PREFIX = '/prod-api';
/** Where a session ends up: Home (also the target after logout). */
export const HOME_PATH = `${BASE_PATH}index`;
export const LOGIN_PATH = `${BASE_PATH}login`;
export const REGISTER_PATH = `${BASE_PATH}register`;
export const NOT_FOUND_PATH = `${BASE_PATH}404`;
export const FORBIDDEN_PATH = `${BASE_PATH}401`;
/** Account center; `?tab=resetPwd` opens the password tab (forced password change). */
export const PROFILE_PATH = `${BASE_PATH}user/profile`;
export const RESET_PASSWORD_PATH = `${PROFILE_PATH}?tab=resetPwd`;
/** Refreshing a page goes through this plus the full path (§2). */
export const REDIRECT_PATH = `${BASE_PATH}redirect`;
/** The Home route (the Dashboard), affixed in the tab bar (§2). */
export const DASHBOARD_ROUTE = '/index';
/** Routes reachable without a token (§2), relative to the base; `redirect/…` matches as a prefix. */
export const PUBLIC_ROUTES = ['/login', '/register', '/404', '/401', '/auth-redirect', '/bind'] as const;
export const PUBLIC_ROUTE_PREFIXES = ['/redirect/'] as const;

// §7: requests
/** Request timeout (§7, §9). */
export const REQUEST_TIMEOUT_MS = 600_000;
/** The captcha image call has its own, shorter timeout (§7). */
export const CAPTCHA_TIMEOUT_MS = 20_000;
/** A POST/PUT with the same url and body within this window is a repeat submit (§5, §9). */
export const REPEAT_SUBMIT_INTERVAL_MS = 1000;
/** How long error and warning messages stay on screen (§8). */
export const MESSAGE_DURATION_MS = 5000;

// §3: local keys
/** Cookie holding the session token. */
export const TOKEN_COOKIE = 'Admin-Token';
/**
 * The interface language the reader chose (STORAGE_KEYS.language), as a cookie under the console's
 * path: the server (or a CDN rule) sends the page built in it (docs/deploying.md). An underscore,
 * not a hyphen: nginx reads a cookie as `$cookie_<name>`, which a hyphen cannot be part of.
 */
export const LANGUAGE_COOKIE = 'castanea_lang';
/** Its scope and life: the console's pages, a year, not sent from other sites. */
export const LANGUAGE_COOKIE_ATTRIBUTES = ';path=/admin/;max-age=31536000;samesite=lax';
/** The folder of the console's build holding the other languages' pages: `_lang/<language>/…`. */
export const LANGUAGE_PAGES_DIR = '_lang';
/** The attribute of a page's <html> naming the language it was built in. */
export const BUILT_LANGUAGE_ATTRIBUTE = 'data-built-lang';
/** The attribute of a page's <html> naming the namespaces its prerender drew (src/middleware.ts). */
export const PAGE_TEXTS_ATTRIBUTE = 'data-texts';
export const STORAGE_KEYS = {
  /** Chosen interface language. */
  language: 'language',
  /** Current site id, sent as the CurrentSite header. */
  currentSite: 'CurrentSite',
  /** The string 'true' while a publish runs. */
  publishFlag: 'publish_flag',
  /** Saved layout settings (settings drawer). */
  layoutSetting: 'layout-setting',
  /** Remember me: the user name only, never the password. */
  rememberMe: 'rememberMe',
  rememberedUserName: 'username',
  /** Sidebar state and control size are stored locally (§9). */
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  /** Visited tabs survive a reload of the browser tab (sessionStorage). */
  visitedTabs: 'castanea.tabs',
  /** The last /getRouters reply, so a reload draws the sidebar before the call returns (sessionStorage). */
  routersCache: 'castanea.routers',
  /** The recoloured theme rules for a non-default theme colour, applied before first paint. */
  themeStyles: 'castanea.theme-css',
} as const;
/** Session storage key for messages that must survive a page change (e.g. "registered, please sign in"). */
export const FLASH_STORAGE_KEY = 'castanea.flash';

// §6: roles and permissions
export const ALL_PERMISSIONS = '*';
export const SUPER_ADMIN_ROLE = 'admin';
/** Role used when getInfo returns none. */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

// §9: paging
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Pager count: 5 below the mobile breakpoint, else 7. */
export const PAGER_COUNT = 7;
export const PAGER_COUNT_MOBILE = 5;
export const SITE_LIST_PAGE_SIZE = 10;
export const SCROLL_TO_TOP_MS = 800;

// §4 / §9: layout
/** Mobile when the body is narrower than this. */
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 200;
export const SETTINGS_DRAWER_WIDTH_PX = 280;
export const DIALOG_WIDTH_PX = 800;
export const TOP_MENU_ITEM_WIDTH_PX = 85;
export const TAB_MENU_WIDTH_PX = 105;
/** Sidebar titles longer than this get a tooltip. */
export const TITLE_TOOLTIP_MIN_CHARS = 5;
/** Embedded page frame: window height minus this. */
export const IFRAME_HEIGHT_OFFSET_PX = 94.5;
export const DEFAULT_THEME_COLOR = '#409EFF';
/** Predefined theme colours of the settings drawer (the original console's picker). */
export const THEME_COLORS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'] as const;
/** Collapsed sidebar: icons only. */
export const SIDEBAR_COLLAPSED_WIDTH_PX = 54;
export const CONTROL_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type ControlSize = (typeof CONTROL_SIZES)[number];
export const DEFAULT_CONTROL_SIZE: ControlSize = 'medium';

/** Layout settings defaults (§3), stored under STORAGE_KEYS.layoutSetting. */
export const DEFAULT_LAYOUT_SETTINGS = {
  sideTheme: 'theme-dark',
  showSettings: false,
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
  errorLog: 'production',
  theme: DEFAULT_THEME_COLOR,
} as const;

// §2: header search
export const MENU_SEARCH_THRESHOLD = 0.4;
export const MENU_SEARCH_TITLE_WEIGHT = 0.7;
export const MENU_SEARCH_PATH_WEIGHT = 0.3;

// §4: navbar configs
/** The site picker and publish indicator show only when this config is the string 'true'. */
export const CMS_MODULE_CONFIG_KEY = 'CMSModuleEnable';
export const DOCS_LINK_CONFIG_KEY = 'castanea.link.docs';
export const SOURCE_LINK_CONFIG_KEY = 'castanea.link.source';

// §4: publishing indicator
export const PUBLISH_FLAG_CHECK_MS = 2000;
export const PUBLISH_TASK_POLL_MS = 5000;
export const PUBLISH_FLAG_CLEAR_AFTER_ZERO_COUNTS = 3;

/** The add-catalog dialog asks for the alias and folder of a name once typing pauses this long. */
export const CATALOG_SPELLING_DELAY_MS = 300;

// §5 / §9: uploads
export const UPLOAD_FILE_TYPES = ['doc', 'xls', 'ppt', 'txt', 'pdf'] as const;
export const UPLOAD_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_MB = 5;
export const EDITOR_IMAGE_MAX_MB = 5;
export const IMAGE_VIEWER_TYPES = ['jpg', 'png'] as const;
export const IMAGE_VIEWER_MAX_MB = 2;

// §9: misc
export const CRON_PREVIEW_COUNT = 5;
export const WATERMARK_MIN_RATIO = 20;
export const WATERMARK_DEFAULT_OPACITY = 1;

// Attributes the inline head script sets on <html> before the body renders.
/** A redirect is under way: hide the page. */
export const REDIRECTING_ATTRIBUTE = 'data-redirecting';
/** The stored language is not zh-CN and is still being applied: hide the zh-CN prerender. */
export const I18N_PENDING_ATTRIBUTE = 'data-i18n-pending';

// §7: downloads and uploads
/** Upload endpoint: multipart field `file`, answers data.fileName. */
export const UPLOAD_URL = '/common/upload';
export const UPLOAD_FIELD = 'file';
/** Download by server path: GET ?path=, the name in the download-filename header. */
export const DOWNLOAD_URL = '/common/download';
export const DOWNLOAD_FILENAME_HEADER = 'download-filename';
/** Header that turns a POST on a list path into a spreadsheet export. */
export const EXPORT_HEADER = 'cc-export';
