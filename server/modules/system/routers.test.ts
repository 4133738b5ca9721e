import { describe, expect, it } from 'vitest';
import { buildRouters, innerLinkPath, type MenuRow } from './routers.ts';

let nextId = 1;
const row = (r: Partial<MenuRow> & Pick<MenuRow, 'menuType' | 'menuName'>): MenuRow => ({
  menuId: nextId++,
  parentId: 0,
  orderNum: 0,
  path: '',
  component: null,
  query: null,
  isFrame: 'N',
  isCache: 'Y',
  visible: 'Y',
  status: '0',
  perms: null,
  icon: '#',
  ...r,
});

const all = { can: () => true, title: (m: MenuRow) => m.menuName };
const holding = (...keys: string[]) => ({ can: (k: string) => keys.includes(k), title: (m: MenuRow) => m.menuName });

// A small System tree: directory → page, directory → nested directory → page, and a button.
const system = row({ menuId: 1, menuType: 'M', menuName: 'System', path: 'system', icon: 'system', orderNum: 5 });
const user = row({ menuId: 10, parentId: 1, menuType: 'C', menuName: 'User', path: 'user', component: 'system/user/index', perms: 'system:user:view', icon: 'user', orderNum: 2 });
const userAdd = row({ menuId: 11, parentId: 10, menuType: 'F', menuName: 'Add', perms: 'system:user:add' });
const logs = row({ menuId: 20, parentId: 1, menuType: 'M', menuName: 'Logs', path: 'log', icon: 'log', orderNum: 1 });
const operlog = row({ menuId: 21, parentId: 20, menuType: 'C', menuName: 'Operation log', path: 'operlog', component: 'monitor/operlog/index', perms: 'monitor:operlog:view', isCache: 'N' });

describe('buildRouters', () => {
  it('makes a top-level directory a Layout with "/"+path, noRedirect and alwaysShow, children sorted by order_num', () => {
    const [sys] = buildRouters([user, system, logs, operlog, userAdd], all);
    expect(sys).toMatchObject({
      name: 'System',
      path: '/system',
      hidden: false,
      redirect: 'noRedirect',
      alwaysShow: true,
      component: 'Layout',
      meta: { title: 'System', icon: 'system', noCache: false },
    });
    // order_num 1 (Logs) before 2 (User); the button under User is not a route.
    expect(sys!.children!.map((c) => c.meta?.title)).toEqual(['Logs', 'User']);
    const userRoute = sys!.children![1]!;
    expect(userRoute).toEqual({
      name: 'SystemUserIndex',
      path: 'user',
      hidden: false,
      component: 'system/user/index',
      meta: { title: 'User', icon: 'user', noCache: false },
    });
  });

  it('makes a nested directory a ParentView holding its pages', () => {
    const [sys] = buildRouters([system, user, logs, operlog], all);
    const nested = sys!.children![0]!;
    expect(nested).toMatchObject({ path: 'log', component: 'ParentView', redirect: 'noRedirect', alwaysShow: true });
    expect(nested.children).toEqual([
      { name: 'MonitorOperlogIndex', path: 'operlog', hidden: false, component: 'monitor/operlog/index', meta: { title: 'Operation log', noCache: true } },
    ]);
  });

  it('wraps a top-level page in a Layout at "/" with the page as its only child', () => {
    const stats = row({ menuType: 'C', menuName: 'Statistics', path: 'statistics', component: 'stat/index', icon: 'chart', query: '{"a":1}' });
    expect(buildRouters([stats], all)).toEqual([
      {
        path: '/',
        hidden: false,
        component: 'Layout',
        children: [{ name: 'StatIndex', path: 'statistics', hidden: false, component: 'stat/index', query: '{"a":1}', meta: { title: 'Statistics', icon: 'chart', noCache: false } }],
      },
    ]);
  });

  it('sends hidden: true for invisible menus and keeps hidden: false on visible ones', () => {
    const hiddenPage = row({ parentId: 1, menuType: 'C', menuName: 'Edit user', path: 'user-edit', component: 'system/user/edit', visible: 'N', orderNum: 3 });
    const [sys] = buildRouters([system, user, hiddenPage], all);
    expect(sys!.children!.map((c) => [c.path, c.hidden])).toEqual([
      ['user', false],
      ['user-edit', true],
    ]);
  });

  it('turns an http(s) path that is not an external link into an InnerLink with meta.link', () => {
    const docs = row({ parentId: 1, menuType: 'C', menuName: 'Docs', path: 'https://www.example.com:8080/docs', orderNum: 9 });
    const [sys] = buildRouters([system, user, docs], all);
    expect(sys!.children![1]).toEqual({
      name: 'ExampleCom8080Docs',
      path: 'example/com/8080/docs',
      hidden: false,
      component: 'InnerLink',
      meta: { title: 'Docs', noCache: false, link: 'https://www.example.com:8080/docs' },
    });
    expect(innerLinkPath('http://a.b/c')).toBe('a/b/c');
  });

  it('wraps a top-level inner link like a top-level page', () => {
    const docs = row({ menuType: 'C', menuName: 'Docs', path: 'https://docs.example.com' });
    const [wrapper] = buildRouters([docs], all);
    expect(wrapper).toMatchObject({ path: '/', component: 'Layout' });
    expect(wrapper!.children![0]).toMatchObject({ path: 'docs/example/com', component: 'InnerLink', meta: { link: 'https://docs.example.com' } });
  });

  it('keeps an external link (is_frame Y) at its URL with meta.link', () => {
    const job = row({ parentId: 1, menuType: 'C', menuName: 'XXL-JOB', path: 'http://localhost:18080/xxl-job-admin/', isFrame: 'Y', icon: 'job' });
    const [sys] = buildRouters([system, job], all);
    expect(sys!.children![0]).toMatchObject({ path: 'http://localhost:18080/xxl-job-admin/', meta: { title: 'XXL-JOB', link: 'http://localhost:18080/xxl-job-admin/' } });
  });

  it('drops pages the user lacks the permission for, and then directories left empty', () => {
    const content = row({ menuId: 2, menuType: 'M', menuName: 'Content', path: 'configs' });
    const site = row({ parentId: 2, menuType: 'C', menuName: 'Site', path: 'site', component: 'cms/site/index', perms: 'cms:site:view' });
    const tree = buildRouters([system, user, logs, operlog, content, site], holding('cms:site:view'));
    // Neither System nor its nested Logs directory survive: nothing inside is permitted.
    expect(tree.map((r) => r.path)).toEqual(['/configs']);
    // With only the operation log, System keeps just the nested directory.
    const [sys] = buildRouters([system, user, logs, operlog], holding('monitor:operlog:view'));
    expect(sys!.children!.map((c) => c.path)).toEqual(['log']);
    expect(sys!.children![0]!.children!.map((c) => c.path)).toEqual(['operlog']);
  });

  it('accepts any one of comma-separated perms on a menu', () => {
    const page = row({ menuType: 'C', menuName: 'Either', path: 'either', component: 'x/either', perms: 'a:view, b:view' });
    expect(buildRouters([page], holding('b:view'))).toHaveLength(1);
    expect(buildRouters([page], holding('c:view'))).toHaveLength(0);
  });

  it('leaves out disabled menus, buttons and menus whose parent is gone', () => {
    const disabled = row({ parentId: 1, menuType: 'C', menuName: 'Off', path: 'off', component: 'x/off', status: '1' });
    const orphan = row({ parentId: 999, menuType: 'C', menuName: 'Orphan', path: 'orphan', component: 'x/orphan' });
    const [sys, ...rest] = buildRouters([system, user, userAdd, disabled, orphan], all);
    expect(rest).toEqual([]);
    expect(sys!.children!.map((c) => c.path)).toEqual(['user']);
  });

  it('hides a directory whose children are all hidden, so the sidebar shows no empty entry', () => {
    const secret = row({ parentId: 1, menuType: 'C', menuName: 'Secret', path: 'secret', component: 'x/secret', visible: 'N' });
    const [sys] = buildRouters([system, secret], all);
    expect(sys).toMatchObject({ path: '/system', hidden: true });
    expect(sys!.children![0]).toMatchObject({ path: 'secret', hidden: true });
  });

  it('gives every named route a unique name and uses the translated title', () => {
    const a = row({ parentId: 1, menuType: 'C', menuName: 'A', path: 'a', component: 'shared/index' });
    const b = row({ parentId: 1, menuType: 'C', menuName: 'B', path: 'b', component: 'shared/index' });
    const [sys] = buildRouters([system, a, b], { can: () => true, title: (m) => `T:${m.menuName}` });
    const [first, second] = sys!.children!;
    expect(first!.name).toBe('SharedIndex');
    expect(second!.name).toBe(`SharedIndex${b.menuId}`);
    expect(sys!.meta!.title).toBe('T:System');
  });
});
