// Namespace `error`: the 401 and 404 pages.
export default {
  notFound: {
    pageTitle: 'Page not found',
    code: '404',
    heading: 'Page not found!',
    message: 'Sorry, the page you are looking for does not exist. Check the address, or go back to Home.',
  },
  forbidden: {
    pageTitle: 'Permission denied',
    code: '401',
    heading: 'Permission denied!',
    message: 'Sorry, you do not have permission to access this page. You can go back to Home.',
  },
};
