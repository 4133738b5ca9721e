// Namespace `request`: the error catalogue of spec §8, shown by the request layer.
export default {
  sessionExpired: {
    title: 'System tip',
    message: 'Your session has expired. You can stay on this page, or sign in again.',
    relogin: 'Sign in again',
    cancel: 'Cancel',
  },
  invalidSession: 'The session is invalid or has expired, please sign in again.',
  repeatSubmit: 'The request is being processed, do not submit it repeatedly',
  networkError: 'Backend connection failed',
  timeout: 'Request timed out',
  httpStatus: 'Server API error {{status}}',
  codes: {
    '401': 'Authentication failed, cannot access system resources',
    '403': 'No permission for this operation',
    '404': 'The resource does not exist',
    default: 'Unknown system error, please report it to the administrator',
  },
  downloadFailed: 'Downloading the file failed, please contact the administrator.',
};
