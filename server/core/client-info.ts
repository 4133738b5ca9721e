/** Browser and OS names from a User-Agent, for login logs and online users. Deliberately coarse. */
export function clientInfo(ua: string | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  const browser =
    /Edg\//.test(s) ? 'Edge' :
    /OPR\//.test(s) ? 'Opera' :
    /Firefox\//.test(s) ? 'Firefox' :
    /HeadlessChrome\//.test(s) ? 'Headless Chrome' :
    /Chrome\//.test(s) ? 'Chrome' :
    /Safari\//.test(s) ? 'Safari' :
    /curl\//.test(s) ? 'curl' : s ? 'Other' : 'Unknown';
  const os =
    /Windows/.test(s) ? 'Windows' :
    /Android/.test(s) ? 'Android' :
    /iPhone|iPad|iOS/.test(s) ? 'iOS' :
    /Mac OS X|Macintosh/.test(s) ? 'macOS' :
    /Linux/.test(s) ? 'Linux' : 'Unknown';
  return { browser, os };
}
