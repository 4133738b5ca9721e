// Namespace `system`: titles and texts of the system administration screens.
export default {
  post: {
    title: 'Posts',
  },
  config: {
    title: 'Configs',
    builtIn: 'The built-in config "{{key}}" cannot be deleted',
    refreshCache: 'Refresh cache',
    refreshed: 'Cache refreshed',
  },
};
