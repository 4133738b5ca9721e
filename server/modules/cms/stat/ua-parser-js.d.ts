// ua-parser-js 1.x ships no types; the little the statistics use.
declare module 'ua-parser-js' {
  interface UAResult {
    browser: { name?: string; version?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
  }
  class UAParser {
    constructor(ua?: string);
    getResult(): UAResult;
  }
  export = UAParser;
}
