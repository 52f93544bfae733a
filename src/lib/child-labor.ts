import { HAZARDOUS_OCCUPATIONS, MINOR_APPLICANT_AGE } from '../contract/posting-rules.ts';

/**
 * The federal child labor rules an employer hiring 16- and 17-year-olds must know (the Fair Labor
 * Standards Act and 29 CFR Part 570), kept as data with the U.S. Department of Labor page each one
 * comes from (DESIGN §8 "Rules kept as data"). The /hiringMinors page shows them; the posting rules
 * (src/contract/posting-rules.ts) apply the hazardous occupations orders to every job opened to
 * minors. A summary, not legal advice.
 */

export interface LaborSource {
  /** The page's name as the Department of Labor titles it. */
  title: string;
  url: string;
}

export const DOL_SOURCES = {
  factSheet43: {
    title: 'Fact Sheet #43: Child Labor Provisions of the FLSA for Nonagricultural Occupations',
    url: 'https://www.dol.gov/agencies/whd/fact-sheets/43-child-labor-non-agriculture',
  },
  workersUnder18: {
    title: 'Hiring: Workers Under 18',
    url: 'https://www.dol.gov/general/topic/hiring/workersunder18',
  },
  youthRulesEmployers: {
    title: 'YouthRules!: Employers',
    url: 'https://www.dol.gov/agencies/whd/youthrules/employers',
  },
  ageCertificates: {
    title: 'State Child Labor Laws: Employment/Age Certificates',
    url: 'https://www.dol.gov/agencies/whd/state/age-certificates',
  },
  prohibitedOccupations: {
    title: 'FLSA Advisor: Prohibited Occupations',
    url: 'https://webapps.dol.gov/elaws/whd/flsa/docs/hazardous.asp',
  },
} as const satisfies Record<string, LaborSource>;

export interface ChildLaborRule {
  id: string;
  /** The rule in one line. */
  rule: string;
  /** What it means for an employer, in a sentence or two. */
  detail: string;
  source: LaborSource;
}

/** The federal rules for 16- and 17-year-olds in non-farm jobs, in the order an employer meets them. */
export const CHILD_LABOR_RULES: readonly ChildLaborRule[] = [
  {
    id: 'hazardous-orders',
    rule: 'No one under 18 may work in an occupation declared hazardous.',
    detail:
      'The Secretary of Labor has declared seventeen non-farm occupations hazardous (the Hazardous Occupations Orders, listed below). They apply until the worker turns 18, in every state, whoever the employer is, parents included.',
    source: DOL_SOURCES.factSheet43,
  },
  {
    id: 'no-federal-hour-limits',
    rule: 'Federal law sets no limit on the hours or times of day 16- and 17-year-olds work.',
    detail:
      'Once a worker is 16, the FLSA does not restrict how many hours they work or when, in any job that is not hazardous. The hour limits and the 7 a.m. to 7 p.m. window of the federal rules apply to 14- and 15-year-olds only.',
    source: DOL_SOURCES.factSheet43,
  },
  {
    id: 'state-law',
    rule: 'State law applies as well, and the stricter rule wins.',
    detail:
      'Every state has its own child labor law. Where it is stricter than the federal law (fewer hours on a school night, later start times, more occupations off limits) the employer must follow it.',
    source: DOL_SOURCES.youthRulesEmployers,
  },
  {
    id: 'work-permits',
    rule: 'Many states require a work permit or an age certificate.',
    detail:
      'Federal law requires no work permit, but many states require an employment certificate (issued by the school or the state labor department) or an age certificate for workers under 18, or under 16. The Department of Labor keeps a table of each state’s practice.',
    source: DOL_SOURCES.ageCertificates,
  },
  {
    id: 'minimum-age',
    rule: '14 is the federal minimum age for most non-farm work.',
    detail:
      'Younger workers may do only a few kinds of work, such as delivering newspapers or acting. This marketplace admits job seekers from 16, so its jobs never reach anyone younger.',
    source: DOL_SOURCES.workersUnder18,
  },
];

export interface HazardousOrder {
  /** The order's number, HO 1 to HO 17. */
  number: number;
  name: string;
  /** Its section of 29 CFR Part 570, Subpart E. */
  cfr: string;
  /** Student-learners and apprentices of 16 and 17 may do some of this work under strict conditions. */
  apprenticeExemption: boolean;
  source: LaborSource;
}

/** The section of 29 CFR Part 570 of each order, by its number. */
const CFR_SECTIONS: Readonly<Record<number, string>> = {
  1: '570.51',
  2: '570.52',
  3: '570.53',
  4: '570.54',
  5: '570.55',
  6: '570.57',
  7: '570.58',
  8: '570.59',
  9: '570.60',
  10: '570.61',
  11: '570.62',
  12: '570.63',
  13: '570.64',
  14: '570.65',
  15: '570.66',
  16: '570.67',
  17: '570.68',
};

/** The orders with limited exemptions for bona fide student-learners and apprentices. */
const APPRENTICE_EXEMPT = new Set([5, 8, 10, 12, 14, 16, 17]);

/**
 * The seventeen Hazardous Occupations Orders, from the list the posting guard checks
 * (HAZARDOUS_OCCUPATIONS, numbered as the orders are), so the page and the guard never disagree.
 */
export const HAZARDOUS_ORDERS: readonly HazardousOrder[] = HAZARDOUS_OCCUPATIONS.map((o) => ({
  number: o.id,
  name: o.name,
  cfr: `29 CFR ${CFR_SECTIONS[o.id] ?? '570 Subpart E'}`,
  apprenticeExemption: APPRENTICE_EXEMPT.has(o.id),
  source: DOL_SOURCES.factSheet43,
}));

/** The youngest job seeker this marketplace admits, and the youngest applicant a job open to minors takes. */
export const YOUNGEST_APPLICANT = MINOR_APPLICANT_AGE;

export const NOT_LEGAL_ADVICE =
  'This page summarises federal rules to help you find your way; it is not legal advice. Check the sources, your state’s law and, when in doubt, a lawyer or your state labor department.';
