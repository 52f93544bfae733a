/**
 * A company's website as job seekers will open it: https only, normalised, so the public page
 * never links to an insecure page or to anything but a web address (no `javascript:`, `data:`…).
 */

export const WEBSITE_MAX_LENGTH = 200;

export type WebsiteProblem = 'insecure' | 'invalid' | 'too-long';

export type WebsiteCheck = { ok: true; url: string } | { ok: false; problem: WebsiteProblem };

// A scheme as URLs write it; "example.com:8080" has a dot, so it is a host with a port, not a scheme.
const SCHEME = /^([a-z][a-z0-9+-]*):/i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Normalises what a user typed as a website: `https://` is added when no scheme is given,
 * the host is lower-cased (and written in punycode), a lone `/` path and any `#fragment` are
 * dropped. `http://` is refused as insecure; any other scheme, credentials in the address, an IP
 * address or a host without a domain are refused as invalid.
 */
export function normaliseWebsite(input: string): WebsiteCheck {
  const typed = input.trim();
  if (!typed || /\s/.test(typed)) return { ok: false, problem: 'invalid' };
  let withScheme = typed;
  const scheme = SCHEME.exec(typed)?.[1]?.toLowerCase();
  if (typed.startsWith('//')) withScheme = `https:${typed}`;
  else if (scheme === 'http') return { ok: false, problem: 'insecure' };
  else if (scheme && scheme !== 'https') return { ok: false, problem: 'invalid' };
  else if (!scheme) withScheme = `https://${typed}`;

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' || url.username || url.password) return { ok: false, problem: 'invalid' };
  const labels = url.hostname.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/.test(tld)) {
    return { ok: false, problem: 'invalid' };
  }
  const path = url.pathname === '/' ? '' : url.pathname;
  const normalised = `https://${url.host}${path}${url.search}`;
  if (normalised.length > WEBSITE_MAX_LENGTH) return { ok: false, problem: 'too-long' };
  return { ok: true, url: normalised };
}
