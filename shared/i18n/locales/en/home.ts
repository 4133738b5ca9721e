// Namespace `home`: the Home page.
export default {
  pageTitle: 'Home',
  greeting: {
    morning: 'Good morning',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  welcome: '{{greeting}}, {{name}}. Welcome back!',
  subtitle: 'Have a productive day.',
  thisLogin: 'This sign-in',
  lastLogin: 'Previous sign-in',
  time: 'Time',
  ip: 'IP address',
  firstLogin: 'This is your first sign-in',
  noScreens: {
    title: 'No screens for you yet',
    noRoles: 'Your account has no role that opens a screen of this console. Ask an administrator to give you a role.',
    notYet: 'Your roles open areas of the console that this version does not have yet (such as content editing); they will appear in the sidebar when they arrive. Ask an administrator if you need another role now.',
  },
  dashboard: {
    title: 'Site "{{site}}" at a glance',
    contents: 'Contents',
    published: 'Published',
    catalogs: 'Catalogs',
    resources: 'Resources',
    byStatus: 'By status',
    byType: 'By type',
    none: 'No contents yet',
    archived: 'Archived',
    types: { article: 'Articles', image: 'Image albums', audio: 'Audio', video: 'Videos', book: 'Books' },
  },
};
