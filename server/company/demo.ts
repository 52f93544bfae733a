import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { companies, industries, users } from '../db/schema.ts';
import { companyMemberOf } from './members.ts';
import { updateCompanyDetails } from './details.ts';
import { companyImages } from './images.ts';
import { companyDetailsInputSchema } from '../../src/contract/company.ts';

/** What seekers see of the demo company; its legal name and EIN stay as verified. */
export const DEMO_COMPANY_PAGE = {
  companyName: 'Demo Hiring Co',
  address: 'Vancouver, WA',
  city: 'Vancouver',
  state: 'WA',
  latitude: 45.6387,
  longitude: -122.6615,
  website: 'https://demohiring.example.com',
  about:
    'Demo Hiring Co runs three neighbourhood stores and a distribution centre in Clark County. ' +
    'We hire cashiers, stock associates, forklift operators and shift leads, train everyone who joins, ' +
    'and promote from within: most of our store managers started on the floor.',
  industry: 'Retail Trade',
} as const;

/** The company's mark: its initials on a rounded square in the brand green. */
function logoSvg(initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#25c22f"/><stop offset="1" stop-color="#137a19"/></linearGradient></defs>
  <rect width="512" height="512" rx="96" fill="url(#g)"/>
  <circle cx="406" cy="106" r="38" fill="#ffffff" fill-opacity="0.25"/>
  <text x="256" y="318" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="200" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
}

interface Palette {
  sky: [string, string];
  wall: string;
  accent: string;
  desk: string;
}

/** An abstract office: a wall of windows, desks with screens, plants; one palette per banner. */
function officeSvg(p: Palette, seed: number): string {
  const windows: string[] = [];
  for (let col = 0; col < 6; col++) {
    for (let row = 0; row < 2; row++) {
      const lit = (col * 7 + row * 3 + seed) % 4 !== 0;
      windows.push(
        `<rect x="${120 + col * 240}" y="${90 + row * 170}" width="180" height="130" rx="8" fill="${lit ? p.sky[1] : p.wall}" fill-opacity="${lit ? 0.9 : 0.4}"/>`,
      );
    }
  }
  const desks: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = 110 + i * 370 + ((seed * 37) % 40);
    desks.push(
      `<rect x="${x}" y="640" width="280" height="24" rx="6" fill="${p.desk}"/>` +
        `<rect x="${x + 20}" y="664" width="14" height="120" fill="${p.desk}"/><rect x="${x + 246}" y="664" width="14" height="120" fill="${p.desk}"/>` +
        `<rect x="${x + 90}" y="540" width="120" height="84" rx="6" fill="#1f2937"/><rect x="${x + 98}" y="548" width="104" height="68" rx="3" fill="${p.accent}" fill-opacity="0.85"/>` +
        `<rect x="${x + 140}" y="624" width="20" height="16" fill="#1f2937"/>`,
    );
  }
  const plants = [80, 1520].map(
    (x) =>
      `<rect x="${x - 30}" y="700" width="60" height="84" rx="8" fill="${p.desk}"/>` +
      `<circle cx="${x}" cy="660" r="54" fill="#2f9e44"/><circle cx="${x - 34}" cy="690" r="34" fill="#37b24d"/><circle cx="${x + 34}" cy="688" r="36" fill="#2b8a3e"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="1600" height="900" fill="${p.wall}"/>
  <rect x="80" y="60" width="1440" height="400" rx="16" fill="url(#sky)"/>
  ${windows.join('\n  ')}
  <rect y="784" width="1600" height="116" fill="${p.desk}" fill-opacity="0.55"/>
  <circle cx="${300 + seed * 250}" cy="150" r="60" fill="#fff7d6" fill-opacity="0.8"/>
  ${desks.join('\n  ')}
  ${plants.join('\n  ')}
</svg>`;
}

const palettes: Palette[] = [
  { sky: ['#74c0fc', '#d0ebff'], wall: '#f1f3f5', accent: '#1da425', desk: '#8d6e63' },
  { sky: ['#ffa94d', '#ffe8cc'], wall: '#fff4e6', accent: '#1c7ed6', desk: '#6d4c41' },
  { sky: ['#9775fa', '#e5dbff'], wall: '#f8f0fc', accent: '#f59f00', desk: '#5d4037' },
  { sky: ['#38d9a9', '#c3fae8'], wall: '#e6fcf5', accent: '#e64980', desk: '#795548' },
];

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo company's page: the name, place, website, about and industry seekers see, a logo and
 * four featured images, entered through the same services the company pages use. The images are
 * drawn here (SVG rendered by sharp), so the repository holds no binary files.
 */
export async function seedDemoCompany(ctx: AppContext, companyId: string): Promise<void> {
  const [employer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.createdAt)
    .limit(1);
  if (!employer) return;
  const member = await companyMemberOf(ctx, { userId: employer.id, role: 'Employer' });
  const [industry] = await ctx.db
    .select({ id: industries.id })
    .from(industries)
    .where(eq(industries.name, DEMO_COMPANY_PAGE.industry))
    .limit(1);
  const { industry: _name, ...page } = DEMO_COMPANY_PAGE;
  await updateCompanyDetails(ctx, member, companyDetailsInputSchema.parse({ ...page, industryId: industry?.id ?? null }));

  const images = companyImages(ctx);
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const initials = (company?.name ?? 'Demo Hiring')
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  await images.uploadLogo(companyId, employer.id, { data: await png(logoSvg(initials)), name: 'logo.png', declaredType: 'image/png' });
  for (const [i, palette] of palettes.entries()) {
    await images.uploadFeatured(companyId, employer.id, {
      data: await png(officeSvg(palette, i)),
      name: `office-${i + 1}.png`,
      declaredType: 'image/png',
    });
  }
}
