/**
 * Menu icons arrive as the original console's SVG names ('peoples', 'tree-table'…); the shell draws
 * them with PrimeIcons. Unknown names fall back to a neutral icon.
 */
const MAP: Record<string, string> = {
  system: 'pi-cog', user: 'pi-user', peoples: 'pi-users', 'tree-table': 'pi-sitemap', tree: 'pi-share-alt',
  post: 'pi-id-card', dict: 'pi-book', edit: 'pi-pencil', message: 'pi-envelope', form: 'pi-file-edit',
  logininfor: 'pi-sign-in', language: 'pi-language', 'shield-user-line': 'pi-shield', lock: 'pi-lock',
  monitor: 'pi-desktop', tool: 'pi-wrench', documentation: 'pi-file', example: 'pi-star', online: 'pi-wifi',
  job: 'pi-clock', server: 'pi-server', redis: 'pi-database', 'redis-list': 'pi-list', log: 'pi-history',
  code: 'pi-code', build: 'pi-box', chart: 'pi-chart-bar', link: 'pi-link', email: 'pi-inbox', chat: 'pi-comments',
  list: 'pi-list', guide: 'pi-compass', component: 'pi-th-large', input: 'pi-pencil', cascader: 'pi-bars',
  radio: 'pi-circle', button: 'pi-stop', audit: 'pi-check-square', run: 'pi-play', preview: 'pi-eye',
  publish: 'pi-send', clean: 'pi-trash', clear: 'pi-eraser', import: 'pi-upload', export: 'pi-download',
  grant: 'pi-key', move: 'pi-arrows-alt', offline: 'pi-ban', rebuild: 'pi-refresh', stop: 'pi-stop-circle',
  unlock: 'pi-unlock', add: 'pi-plus', remove: 'pi-minus', dashboard: 'pi-home', home: 'pi-home',
  site: 'pi-globe', content: 'pi-file-edit', template: 'pi-palette', file: 'pi-folder', stat: 'pi-chart-line',
};

export const menuIconClass = (name: string | undefined) => `pi ${(name && MAP[name]) || (name?.startsWith('pi-') ? name : 'pi-circle-fill menu-icon-dot')}`;
