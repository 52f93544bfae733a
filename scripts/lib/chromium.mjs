// The e2e tests drive Debian's Chromium: Playwright's own browser download is not used.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

/**
 * Makes sure Chromium is there: installs Debian's package when running as root,
 * otherwise returns the command the user has to run. Returns null when Chromium is ready.
 */
export function ensureChromium({ log = console.log } = {}) {
  if (fs.existsSync(CHROMIUM_PATH)) return null;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    return `Chromium is missing (${CHROMIUM_PATH}); the e2e tests need it. Install it with:\n  sudo sh -c '${INSTALL_COMMAND}'`;
  }
  log(`Chromium is missing; installing Debian's chromium: ${INSTALL_COMMAND}`);
  const result = spawnSync('sh', ['-c', INSTALL_COMMAND], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || !fs.existsSync(CHROMIUM_PATH)) {
    return `Installing Chromium failed. Install it with:\n  ${INSTALL_COMMAND}`;
  }
  return null;
}
