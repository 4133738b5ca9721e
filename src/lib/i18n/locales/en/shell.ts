// Namespace `shell`: header, session and other frame pieces around the pages.
export default {
  header: {
    home: 'Home',
    language: 'Change language',
    logout: 'Log out',
  },
  logout: {
    title: 'Confirm',
    message: 'Are you sure you want to log out and exit the system?',
  },
  password: {
    title: 'Security notice',
    force: 'You must change your password after the first sign-in or a reset',
    expired: 'Your password has expired, please change it now',
    change: 'Change password',
  },
};
