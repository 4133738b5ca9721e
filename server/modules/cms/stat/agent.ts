import UAParser from 'ua-parser-js';

/** What the statistics keep of a User-Agent: families only, never the string itself. */
export interface AgentFamily {
  browser: string;
  os: string;
  /** desktop, mobile, tablet, or another device type ua-parser-js names (smarttv, console…) */
  device: string;
}

/** User-Agents remembered: a parse costs ~60 µs, a beacon's budget is ~500 µs, and readers share a few agents. */
const CACHE_MAX = 10_000;
const cache = new Map<string, AgentFamily>();

/** The browser, OS and device family of a User-Agent (ua-parser-js), "Other" when unknown. */
export function agentFamily(userAgent: string): AgentFamily {
  const known = cache.get(userAgent);
  if (known) return known;
  const r = new UAParser(userAgent).getResult();
  const family: AgentFamily = {
    browser: (r.browser.name ?? 'Other').slice(0, 40),
    os: (r.os.name ?? 'Other').slice(0, 40),
    // ua-parser-js leaves a desktop's device type empty.
    device: (r.device.type ?? 'desktop').slice(0, 20),
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(userAgent, family);
  return family;
}
