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
};
