import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { PERMISSION_KEY } from '../../../src/services/location-store.ts';

/** Debian's Chromium; `npm test` installs it when it is missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// Flags that let headless Chromium run on a machine with no GPU, no sandbox and a closed network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The address of the server under test, for a path. */
export function urlOf(path = '/'): string {
  return new URL(path, inject('baseUrl')).toString();
}

export interface BrowserOptions {
  /** Window size; desktop by default. */
  viewport?: { width: number; height: number };
  /**
   * Start every page as a returning visitor who skipped the location modal less than 24 h ago, so
   * it does not cover the page under test. On by default; off for the tests of the modal itself.
   */
  skipLocationPrompt?: boolean;
}

/** Runs in the page before any of its scripts: stores a recent "skipped" choice unless one is there. */
function seedSkippedLocationPrompt(key: string) {
  try {
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(key, JSON.stringify({ state: 'prompt', userChoice: 'skipped', timestamp: Date.now() }));
    }
  } catch {
    // Pages without storage (about:blank) have nothing to seed.
  }
}

export interface BrowserUnderTest {
  readonly browser: Browser;
  /** A fresh page (own cookies and storage) for the current test. */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught exceptions the page threw during the current test. */
  readonly pageErrors: Error[];
}

/**
 * One Chromium for the file and a fresh context + page for every test, pointed at the server
 * under test (so `page.goto('/login')` works). A test fails if its page threw an uncaught exception.
 */
export function useBrowser(options: BrowserOptions = {}): BrowserUnderTest {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: Error[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({
      baseURL: inject('baseUrl'),
      viewport: options.viewport ?? { width: 1280, height: 900 },
      locale: 'en-US',
    });
    context.setDefaultTimeout(10_000);
    if (options.skipLocationPrompt ?? true) await context.addInitScript(seedSkippedLocationPrompt, PERMISSION_KEY);
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err));
  });
  afterEach(async () => {
    const errors = pageErrors;
    await context?.close();
    context = undefined;
    if (errors.length) {
      throw new Error(`The page threw:\n${errors.map((e) => `  - ${e.message}`).join('\n')}`);
    }
  });

  return {
    get browser() {
      if (!browser) throw new Error('The browser is not running: use it inside a test.');
      return browser;
    },
    get context() {
      if (!context) throw new Error('No browser context: use it inside a test.');
      return context;
    },
    get page() {
      if (!page || !context) throw new Error('No page: use it inside a test.');
      return page;
    },
    get pageErrors() {
      return pageErrors;
    },
  };
}

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe on the page as it is now and returns its violations, readable. */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' '),
      html: n.html,
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `    at ${n.target}\n      ${n.html.slice(0, 200)}\n      ${n.summary}`).join('\n'),
    )
    .join('\n');
}

/** Fails with a readable list when axe finds any violation on the page. */
export async function expectNoA11yViolations(page: Page, what = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length) {
    throw new Error(`Accessibility violations on ${what}:\n${formatViolations(violations)}`);
  }
}

/**
 * Presses Tab until `target` has the keyboard focus, as a keyboard user would reach it.
 * Fails if it is not reached within `maxTabs` presses.
 */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>, maxTabs = 40): Promise<void> {
  const focused = target.and(page.locator(':focus'));
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if ((await focused.count()) > 0) return;
  }
  throw new Error(`Could not reach ${target} with ${maxTabs} presses of Tab`);
}
