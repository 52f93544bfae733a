/**
 * Crawlers, link previewers, monitors and scripted browsers, by user agent: what they load is not
 * a person looking at a job, so it records no impressions, views or application starts. Generic
 * markers first (most crawlers name themselves bot, crawler, spider or headless), then the common
 * ones that say none of these, then the HTTP clients of scripts (a phone named Cubot is a person).
 * A request without a user agent is no browser either.
 */
const BOT =
  /(?<!cu)bot\b|crawl|spider|scrap|slurp|headless|phantomjs|puppeteer|playwright|selenium|webdriver|lighthouse|pagespeed|pingdom|uptime|monitor|preview|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|quora link|whatsapp|skypeuripreview|bingpreview|mediapartners-google|adsbot|apis-google|feedfetcher|google-read-aloud|google-inspectiontool|googleother|storebot|yandex|baiduspider|duckduckgo|petalbot|bytespider|applebot|amazonbot|gptbot|chatgpt-user|claudebot|perplexity|ccbot|semrush|ahrefs|mj12bot|dotbot|archive\.org|ia_archiver|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|node-fetch|axios\/|undici|libwww-perl|postmanruntime|insomnia|httpie/i;

/** Whether the request came from a bot (or from no browser at all) by its User-Agent header. */
export function isBot(userAgent: string | string[] | undefined): boolean {
  const ua = Array.isArray(userAgent) ? userAgent.join(' ') : userAgent;
  if (!ua || !ua.trim()) return true;
  return BOT.test(ua);
}
