import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import { LOCATION_KEY, PERMISSION_KEY } from '../../src/services/location-store.ts';
import { open } from './support/account.ts';
import { expectNoA11yViolations, useBrowser } from './support/browser.ts';

const TITLE = 'Enable Location Access';
const HOME_TITLE = 'Find work close to home. Hire people close to you.';

const modal = (page: Page) => page.getByRole('dialog', { name: TITLE });
/** Waits until the modal shows (the dialog element itself has no box: its panel is fixed). */
const modalShown = (page: Page) => modal(page).getByRole('heading', { name: TITLE }).waitFor();

/** What the app keeps in the browser about the user's location. */
const stored = (page: Page) =>
  page.evaluate(
    ([permissionKey, locationKey]) => ({
      permission: JSON.parse(localStorage.getItem(permissionKey) ?? 'null') as {
        state: string;
        userChoice: string | null;
        timestamp: number;
      } | null,
      location: JSON.parse(localStorage.getItem(locationKey) ?? 'null') as {
        address: string;
        source: string;
        lat: number;
        lng: number;
      } | null,
    }),
    [PERMISSION_KEY, LOCATION_KEY] as const,
  );

/** Reloads and checks the modal stays closed once the app has settled. */
async function expectNoModalAfterReload(page: Page) {
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: HOME_TITLE }).waitFor();
  // The permission check is asynchronous: give it time to (not) open the modal.
  await page.waitForTimeout(500);
  expect(await modal(page).count()).toBe(0);
}

describe('the location modal on a first visit', () => {
  // A first-time visitor: nothing stored about their location.
  const browser = useBrowser({ skipLocationPrompt: false });

  it('offers the four actions; Continue Without Location closes it for good', async () => {
    const { page } = browser;
    await open(page, '/');
    const dialog = modal(page);
    await modalShown(page);
    for (const name of ['Allow Location Access', 'Enter Location Manually', 'Continue Without Location']) {
      expect(await dialog.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    // Back leads from the manual search to the first step.
    await dialog.getByRole('button', { name: 'Enter Location Manually' }).click();
    await dialog.getByRole('combobox', { name: 'City, state or ZIP code' }).waitFor();
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await dialog.getByRole('button', { name: 'Allow Location Access' }).waitFor();

    await dialog.getByRole('button', { name: 'Continue Without Location' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { permission, location } = await stored(page);
    expect(permission).toMatchObject({ state: 'prompt', userChoice: 'skipped' });
    expect(location).toBeNull();

    await expectNoModalAfterReload(page);
  });

  it('finds a city after the typing pause, remembers the one chosen and does not ask again', async () => {
    const { page } = browser;
    await open(page, '/');
    const dialog = modal(page);
    await dialog.getByRole('button', { name: 'Enter Location Manually' }).click();
    const search = dialog.getByRole('combobox', { name: 'City, state or ZIP code' });
    // The search field has the focus.
    await search.waitFor();
    await search.and(page.locator(':focus')).waitFor();

    const searched = page.waitForRequest((req) => req.url().endsWith('/api/job/location-search'));
    await search.pressSequentially('Portl', { delay: 60 });
    const typedAt = Date.now();
    const request = await searched;
    // One search, after the 650 ms pause, for the whole text.
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(request.postDataJSON()).toMatchObject({ locationName: 'Portl' });

    const option = dialog.getByRole('option', { name: /^Portland, OR/ });
    await option.waitFor();
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await option.click();

    await dialog.waitFor({ state: 'detached' });
    const { permission, location } = await stored(page);
    expect(permission).toMatchObject({ userChoice: 'manual' });
    expect(location).toMatchObject({ address: 'Portland, OR', source: 'search' });
    expect(location!.lat).toBeCloseTo(45.5, 0);
    expect(location!.lng).toBeCloseTo(-122.6, 0);

    await expectNoModalAfterReload(page);
  });

  it('says "No locations found" for a place that does not exist', async () => {
    const { page } = browser;
    await open(page, '/');
    const dialog = modal(page);
    await dialog.getByRole('button', { name: 'Enter Location Manually' }).click();
    await dialog.getByRole('combobox', { name: 'City, state or ZIP code' }).fill('Qxzvwplk');
    await dialog.getByRole('status').filter({ hasText: AccountMessages.noLocations }).waitFor();
    expect(await dialog.getByRole('option').count()).toBe(0);
    // Still open: the user may try again, go back or continue without a location.
    expect(await dialog.getByRole('button', { name: 'Continue Without Location' }).isVisible()).toBe(true);
  });

  it('is not shown on the account pages', async () => {
    const { page } = browser;
    for (const path of ['/login', '/register', '/forget-password']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main#main > *').first().waitFor();
      await page.waitForTimeout(300);
      expect(await modal(page).count(), path).toBe(0);
    }
    // A public page asks.
    await open(page, '/faqs');
    await modalShown(page);
  });

  it('finds no axe violations with the modal open, on both of its steps', async () => {
    const { page } = browser;
    await open(page, '/');
    const dialog = modal(page);
    await modalShown(page);
    await expectNoA11yViolations(page, '/ (location modal)');

    await dialog.getByRole('button', { name: 'Enter Location Manually' }).click();
    await dialog.getByRole('combobox', { name: 'City, state or ZIP code' }).fill('Portl');
    await dialog.getByRole('option', { name: /^Portland, OR/ }).waitFor();
    await expectNoA11yViolations(page, '/ (location modal, search results)');
  });
});
