import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOOST_TIERS_ON_SALE } from '../../src/contract/boost-tier-table.ts';
import { HAZARDOUS_OCCUPATIONS } from '../../src/contract/posting-rules.ts';
import { CHILD_LABOR_RULES } from '../../src/lib/child-labor.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { publicPage } from '../../src/lib/public-heads.ts';
import { PUBLIC_PAGES } from '../../src/lib/public-site.ts';
import { FAQ_GROUPS } from '../../src/views/public/faq-data.ts';
import { renderApp, SUPPORT_EMAIL, storedSessionFor } from '../support/client/app-harness.tsx';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('the public pages', () => {
  for (const page of PUBLIC_PAGES.map((p) => publicPage(p.path))) {
    it(`${page.path} shows its own content, with its title, description, canonical address and Open Graph tags`, async () => {
      renderApp({ path: page.path });
      await heading(page.title);
      expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
      // Headings in order: one h1, then sections.
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      await waitFor(() => expect(document.title).toBe(`${page.title} – Job Marketplace`));
      expect(meta('meta[name="description"]')).toBe(page.description);
      expect(canonical()).toBe(`${window.location.origin}${page.path}`);
      expect(meta('meta[property="og:title"]')).toBe(`${page.title} – Job Marketplace`);
      expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}${page.path}`);
      expect(page.description.length).toBeLessThanOrEqual(160);
    });
  }

  it('puts the site’s head back when the visitor moves on to a page that sets none', async () => {
    const { location } = renderApp({ path: '/about-us' });
    await heading('About us');
    await waitFor(() => expect(canonical()).toBeDefined());
    location.navigate('/login');
    await screen.findByRole('button', { name: 'Login' }, { timeout: 3000 });
    expect(document.title).toBe('Job Marketplace');
    expect(canonical()).toBeUndefined();
    expect(meta('meta[property="og:url"]')).toBeUndefined();
  });

  it('/jobseekers leads into search, sign-up and the profile', async () => {
    renderApp({ path: '/jobseekers' });
    await heading('Job Seekers');
    expect(screen.getAllByRole('link', { name: 'Browse jobs' })[0]).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('link', { name: 'Create a job seeker account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/user/settings/profile');
    expect(screen.getByRole('heading', { level: 2, name: 'How we keep you safe from fake jobs' })).toBeInTheDocument();
  });

  it('/employers shows every boost tier with its prices from the tier table', async () => {
    renderApp({ path: '/employers' });
    await heading('Employers');
    const table = screen.getByRole('table', { name: /Boost tiers and prices/ });
    for (const tier of BOOST_TIERS_ON_SALE) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${tier.name}`) });
      for (const p of tier.prices) expect(row).toHaveTextContent(formatMoney(p.priceCents / 100));
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Business verification, and why it is required' })).toBeInTheDocument();
  });

  it('/hiringMinors gives each federal rule with its Department of Labor source, every hazardous order, and says it is not legal advice', async () => {
    renderApp({ path: '/hiringMinors' });
    await heading('Hiring Minors');
    expect(screen.getByRole('note')).toHaveTextContent(/not legal advice/i);
    for (const rule of CHILD_LABOR_RULES) {
      const item = screen.getByText(rule.rule).closest('li')!;
      expect(within(item).getByRole('link', { name: rule.source.title })).toHaveAttribute(
        'href',
        expect.stringMatching(/^https:\/\/(www|webapps)\.dol\.gov\//),
      );
    }
    const orders = screen.getByRole('table', { name: /Hazardous Occupations Orders/ });
    expect(within(orders).getAllByRole('row')).toHaveLength(HAZARDOUS_OCCUPATIONS.length + 1);
    expect(within(orders).getByRole('row', { name: /HO 16 Roofing/ })).toHaveTextContent('29 CFR 570.67');
  });

  it('/faqs opens and closes each answer as a disclosure, and describes them all as FAQPage data', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/faqs' });
    await heading('FAQs');
    for (const group of FAQ_GROUPS) expect(screen.getByRole('heading', { level: 2, name: group.title })).toBeInTheDocument();
    const first = FAQ_GROUPS[0]!.faqs[0]!;
    const button = screen.getByRole('button', { name: first.question });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(first.answer)).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.answer)).toBeVisible();
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toHaveTextContent(first.answer);
    await user.click(button);
    expect(screen.getByText(first.answer)).not.toBeVisible();

    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as {
      '@type': string;
      mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>;
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((q) => q.name)).toEqual(FAQ_GROUPS.flatMap((g) => g.faqs.map((f) => f.question)));
  });

  it('/privacy-policy is dated and versioned, names the support address and every key the browser keeps', async () => {
    renderApp({ path: '/privacy-policy' });
    await heading('Privacy Policy');
    expect(screen.getByText(/^Version 1\.0, in effect from/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`));
    const storage = screen.getByRole('table', { name: 'What the site keeps in your browser' });
    for (const key of [
      'token',
      'refreshToken',
      'themeMode',
      'userLocation',
      'geolocationPermission',
      'mapZoom',
      'jobDraft:<id>',
      'signInReturnPath',
      'businessVerificationRequest',
    ]) {
      expect(storage).toHaveTextContent(key);
    }
    expect(screen.getByText(/sets no cookies/)).toBeInTheDocument();
  });

  it('/terms-of-service is dated and versioned, with the support address', async () => {
    renderApp({ path: '/terms-of-service' });
    await heading('Terms of Service');
    expect(screen.getByText(/^Version 1\.0, in effect from/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL }).length).toBeGreaterThan(0));
  });

  it('Build Your Resume explains the profile to a visitor, and opens the profile builder for a signed-in job seeker', async () => {
    renderApp({ path: '/build-your-resume' });
    await heading('Build Your Resume');
    expect(screen.getByRole('link', { name: 'Create a job seeker account' })).toHaveAttribute('href', '/register');

    const seeker = { id: 'seeker-1', email: 'sam@example.com', firstName: 'Sam', lastName: 'Reed', role: 'JobSeeker' as const };
    const { location } = renderApp({ path: '/build-your-resume', stored: storedSessionFor(seeker) });
    await waitFor(() => expect(location.history!.at(-1)).toBe('/user/settings/profile'));
  });

  it('the footer reaches every public page', async () => {
    renderApp({ path: '/about-us' });
    await heading('About us');
    const footer = screen.getByRole('contentinfo');
    for (const page of PUBLIC_PAGES) expect(within(footer).getByRole('link', { name: page.title })).toHaveAttribute('href', page.path);
  });
});
