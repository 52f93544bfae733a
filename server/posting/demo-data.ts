import { newJobData, type JobData, type LocationType, type PayRate, type WizardStep } from '../../src/contract/posting.ts';
import { SupplementalPay } from '../../src/contract/lookups.ts';
import { escapeHtml } from '../platform/html.ts';

/**
 * The demo marketplace's jobs: real-looking titles, pay, skills and places, generated the same
 * way on every first start (a seeded random source), so search has something to find.
 * Ids are those of the lookup data files (skills, job types, schedules, benefits, industries).
 */

export interface DemoCity {
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

/** Ten metro areas, Vancouver WA (the default search place) first. */
export const DEMO_CITIES: readonly DemoCity[] = [
  { city: 'Vancouver', state: 'WA', zip: '98660', latitude: 45.6387, longitude: -122.6615 },
  { city: 'Portland', state: 'OR', zip: '97204', latitude: 45.5152, longitude: -122.6784 },
  { city: 'Seattle', state: 'WA', zip: '98104', latitude: 47.6062, longitude: -122.3321 },
  { city: 'Denver', state: 'CO', zip: '80202', latitude: 39.7392, longitude: -104.9903 },
  { city: 'Austin', state: 'TX', zip: '78701', latitude: 30.2672, longitude: -97.7431 },
  { city: 'Chicago', state: 'IL', zip: '60602', latitude: 41.8781, longitude: -87.6298 },
  { city: 'Atlanta', state: 'GA', zip: '30303', latitude: 33.749, longitude: -84.388 },
  { city: 'Phoenix', state: 'AZ', zip: '85004', latitude: 33.4484, longitude: -112.074 },
  { city: 'Columbus', state: 'OH', zip: '43215', latitude: 39.9612, longitude: -82.9988 },
  { city: 'Boston', state: 'MA', zip: '02108', latitude: 42.3601, longitude: -71.0589 },
];

type Family =
  'health' | 'logistics' | 'construction' | 'software' | 'manufacturing' | 'hospitality' | 'retail' | 'finance' | 'facilities' | 'office';

interface Role {
  title: string;
  family: Family;
  /** Lookup job types: 1 full-time, 2 part-time, 3 contract, 4 temporary, 5 internship, 6 seasonal, 7 per diem. */
  jobTypes: number[];
  skills: number[];
  pay: [min: number, max: number];
  rate: PayRate;
  experience: [min: number, max: number | null];
  schedules: number[];
  duties: string[];
  requirements: string[];
  /** Lowest education level asked, 1 high school … 7 doctorate. */
  education?: number;
  remote?: boolean;
  minors?: boolean;
  supplemental?: number;
}

const S = SupplementalPay;

/** Roles by family, with pay in the ranges US job boards show for them. */
const ROLES: readonly Role[] = [
  // health
  {
    title: 'Registered Nurse - Medical/Surgical',
    family: 'health',
    jobTypes: [1],
    skills: [1437, 1401, 1402, 1405, 1409, 1507],
    pay: [42, 58],
    rate: 'Hourly',
    experience: [1, 5],
    schedules: [12, 14, 5],
    duties: [
      'Assess, plan and chart care for 4 to 5 patients a shift',
      'Give medications and IV therapy safely',
      'Teach patients and families before discharge',
    ],
    requirements: ['Active RN license', 'BLS certification'],
    education: 3,
    supplemental: S.ShiftDifferential | S.OvertimePay,
  },
  {
    title: 'Certified Nursing Assistant',
    family: 'health',
    jobTypes: [1, 2],
    skills: [1439, 1401, 1402, 1603, 1608],
    pay: [19, 24],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [12, 4, 8],
    duties: ['Help residents with bathing, dressing and meals', 'Take and record vital signs', 'Report changes to the charge nurse'],
    requirements: ['State CNA certificate', 'CPR certification'],
    education: 2,
    supplemental: S.ShiftDifferential,
  },
  {
    title: 'Medical Assistant',
    family: 'health',
    jobTypes: [1],
    skills: [1442, 1402, 1403, 1507, 1512],
    pay: [20, 25],
    rate: 'Hourly',
    experience: [1, 3],
    schedules: [1, 7],
    duties: ['Room patients and take histories', 'Draw blood and collect specimens', 'Schedule follow-up visits'],
    requirements: ['Medical assistant certificate', 'Epic or another EHR'],
    education: 2,
  },
  {
    title: 'Medical Billing Specialist',
    family: 'health',
    jobTypes: [1],
    skills: [1502, 1503, 1504, 1510, 1506],
    pay: [45000, 56000],
    rate: 'Yearly',
    experience: [2, 5],
    schedules: [7, 1],
    duties: ['Submit and follow up on insurance claims', 'Work denials and appeals', 'Answer patients’ billing questions'],
    requirements: ['ICD-10 and CPT coding', 'HIPAA know-how'],
    remote: true,
  },
  {
    title: 'Phlebotomist',
    family: 'health',
    jobTypes: [1, 2],
    skills: [1403, 1423, 1429, 704],
    pay: [19, 23],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [2, 7],
    duties: ['Draw blood from adults and children', 'Label and process specimens', 'Keep the draw station clean and stocked'],
    requirements: ['Phlebotomy certificate'],
    education: 2,
  },
  // logistics
  {
    title: 'Warehouse Associate',
    family: 'logistics',
    jobTypes: [1, 4],
    skills: [404, 405, 409, 410, 411],
    pay: [18, 21],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [1, 4, 7],
    duties: ['Pick and pack orders with an RF scanner', 'Load and unload trucks', 'Keep aisles safe and clear'],
    requirements: ['Lift up to 50 lb', 'Stand and walk through a 10-hour shift'],
    supplemental: S.OvertimePay | S.ShiftDifferential,
  },
  {
    title: 'Forklift Operator',
    family: 'logistics',
    jobTypes: [1],
    skills: [401, 403, 406, 407, 411],
    pay: [20, 24],
    rate: 'Hourly',
    experience: [1, 3],
    schedules: [1, 5, 13],
    duties: [
      'Move pallets between receiving, storage and shipping',
      'Inspect the forklift before each shift',
      'Count stock for cycle counts',
    ],
    requirements: ['Forklift certification (we can certify you)', 'Safe driving record in the warehouse'],
    supplemental: S.OvertimePay,
  },
  {
    title: 'CDL-A Regional Truck Driver',
    family: 'logistics',
    jobTypes: [1],
    skills: [501, 508, 509, 515, 516],
    pay: [75000, 92000],
    rate: 'Yearly',
    experience: [1, 10],
    schedules: [7, 15],
    duties: ['Drive regional routes, home every weekend', 'Inspect the tractor and trailer before each trip', 'Log hours with the ELD'],
    requirements: ['CDL Class A', 'Clean driving record'],
    supplemental: S.PerformanceBonuses,
  },
  {
    title: 'Delivery Driver',
    family: 'logistics',
    jobTypes: [1, 2],
    skills: [506, 507, 514, 704],
    pay: [19, 23],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 8],
    duties: ['Deliver packages along a planned route', 'Scan every stop', 'Greet customers with a smile'],
    requirements: ['Valid driver’s license', 'Clean driving record'],
    supplemental: S.Tips,
  },
  {
    title: 'Logistics Coordinator',
    family: 'logistics',
    jobTypes: [1],
    skills: [416, 420, 415, 1003, 2206],
    pay: [52000, 64000],
    rate: 'Yearly',
    experience: [2, 5],
    schedules: [7],
    duties: ['Plan inbound and outbound loads', 'Book carriers and track shipments', 'Solve delays with customers'],
    requirements: ['Two years in logistics', 'Strong Excel'],
    remote: true,
  },
  // construction
  {
    title: 'Journeyman Electrician',
    family: 'construction',
    jobTypes: [1],
    skills: [114, 115, 122, 219, 136],
    pay: [38, 48],
    rate: 'Hourly',
    experience: [4, 10],
    schedules: [1, 7],
    duties: ['Install and repair commercial wiring', 'Bend and run conduit', 'Read and follow blueprints'],
    requirements: ['State journeyman license', 'OSHA 30'],
    supplemental: S.OvertimePay,
  },
  {
    title: 'Carpenter',
    family: 'construction',
    jobTypes: [1, 3],
    skills: [101, 102, 103, 137, 122],
    pay: [28, 38],
    rate: 'Hourly',
    experience: [2, 8],
    schedules: [1, 7],
    duties: ['Frame walls and set doors and windows', 'Finish trim and cabinets', 'Keep the site clean and safe'],
    requirements: ['Own hand tools', 'Reliable transportation'],
  },
  {
    title: 'HVAC Technician',
    family: 'construction',
    jobTypes: [1],
    skills: [116, 214, 117, 219],
    pay: [30, 42],
    rate: 'Hourly',
    experience: [2, 6],
    schedules: [1, 15],
    duties: ['Install and service heating and cooling systems', 'Diagnose and repair units on call', 'Explain repairs to customers'],
    requirements: ['EPA 608 certification', 'Valid driver’s license'],
    supplemental: S.OnCallPay | S.OvertimePay,
  },
  {
    title: 'Construction Project Manager',
    family: 'construction',
    jobTypes: [1],
    skills: [2203, 134, 122, 2223, 2224],
    pay: [95000, 125000],
    rate: 'Yearly',
    experience: [5, 12],
    schedules: [7],
    duties: ['Run commercial projects from bid to closeout', 'Manage budgets, schedules and subcontractors', 'Report progress to owners'],
    requirements: ['Five years managing projects', 'Estimating software'],
    education: 4,
    supplemental: S.PerformanceBonuses,
  },
  {
    title: 'Construction Laborer',
    family: 'construction',
    jobTypes: [1, 4],
    skills: [137, 138, 126, 135],
    pay: [21, 26],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 7],
    duties: ['Load and unload materials', 'Set up scaffolding and barricades', 'Clean up the site'],
    requirements: ['Lift up to 60 lb', 'Steel-toe boots'],
  },
  // software
  {
    title: 'Senior Software Engineer (TypeScript)',
    family: 'software',
    jobTypes: [1],
    skills: [1802, 1817, 1820, 1911, 1841, 1827],
    pay: [150000, 190000],
    rate: 'Yearly',
    experience: [5, 12],
    schedules: [7, 20],
    duties: [
      'Design and build features across our React and Node.js stack',
      'Review code and mentor engineers',
      'Own services in production',
    ],
    requirements: ['Five years building web products', 'TypeScript and SQL'],
    education: 4,
    remote: true,
    supplemental: S.PerformanceBonuses,
  },
  {
    title: 'Frontend Developer',
    family: 'software',
    jobTypes: [1],
    skills: [1801, 1817, 1815, 1816, 1828],
    pay: [105000, 135000],
    rate: 'Yearly',
    experience: [2, 5],
    schedules: [7],
    duties: ['Build accessible interfaces in React', 'Work with designers on new screens', 'Write tests for what you ship'],
    requirements: ['Two years with React', 'An eye for accessibility'],
    remote: true,
  },
  {
    title: 'Data Analyst',
    family: 'software',
    jobTypes: [1],
    skills: [1901, 1814, 1902, 1003, 1906],
    pay: [78000, 98000],
    rate: 'Yearly',
    experience: [1, 4],
    schedules: [7],
    duties: ['Turn questions into SQL and dashboards', 'Present findings to teams', 'Keep reports accurate'],
    requirements: ['SQL', 'Tableau or Power BI'],
    education: 4,
    remote: true,
  },
  {
    title: 'IT Help Desk Technician',
    family: 'software',
    jobTypes: [1],
    skills: [2001, 2002, 2003, 2005, 704],
    pay: [24, 30],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 7],
    duties: ['Answer tickets by phone and chat', 'Set up laptops and accounts', 'Escalate what you cannot fix'],
    requirements: ['CompTIA A+ or equal experience'],
  },
  {
    title: 'DevOps Engineer',
    family: 'software',
    jobTypes: [1],
    skills: [1836, 1837, 1838, 1839, 1840, 1841],
    pay: [140000, 175000],
    rate: 'Yearly',
    experience: [3, 8],
    schedules: [7, 15],
    duties: ['Run our Kubernetes clusters on AWS', 'Automate deployments with Terraform', 'Take part in a shared on-call rotation'],
    requirements: ['Three years in operations', 'Infrastructure as code'],
    remote: true,
    supplemental: S.OnCallPay,
  },
  // manufacturing
  {
    title: 'CNC Machinist',
    family: 'manufacturing',
    jobTypes: [1],
    skills: [303, 305, 306, 307, 317],
    pay: [25, 34],
    rate: 'Hourly',
    experience: [2, 6],
    schedules: [1, 4, 7],
    duties: ['Set up and run CNC mills and lathes', 'Check parts with precision gauges', 'Keep the cell clean'],
    requirements: ['Blueprint reading', 'Two years of CNC'],
    supplemental: S.ShiftDifferential | S.OvertimePay,
  },
  {
    title: 'Production Associate',
    family: 'manufacturing',
    jobTypes: [1, 4],
    skills: [301, 302, 308, 312],
    pay: [18, 22],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [1, 5, 12],
    duties: ['Assemble parts on the line', 'Inspect your work for quality', 'Follow safety rules'],
    requirements: ['Attention to detail', 'Stand for 8 hours'],
    supplemental: S.ShiftDifferential,
  },
  {
    title: 'Quality Inspector',
    family: 'manufacturing',
    jobTypes: [1],
    skills: [308, 309, 317, 318],
    pay: [23, 28],
    rate: 'Hourly',
    experience: [1, 4],
    schedules: [1, 7],
    duties: ['Inspect incoming and finished parts', 'Record measurements', 'Tag and hold nonconforming parts'],
    requirements: ['Calipers and micrometers', 'GD&T basics'],
  },
  {
    title: 'Maintenance Technician',
    family: 'manufacturing',
    jobTypes: [1],
    skills: [215, 216, 217, 218, 219],
    pay: [28, 36],
    rate: 'Hourly',
    experience: [2, 6],
    schedules: [5, 6],
    duties: ['Keep production machines running', 'Do preventive maintenance', 'Troubleshoot electrical and hydraulic faults'],
    requirements: ['Industrial maintenance experience'],
    supplemental: S.ShiftDifferential | S.OnCallPay,
  },
  // hospitality
  {
    title: 'Line Cook',
    family: 'hospitality',
    jobTypes: [1, 2],
    skills: [602, 603, 604, 607, 608],
    pay: [18, 22],
    rate: 'Hourly',
    experience: [1, 3],
    schedules: [4, 8],
    duties: ['Cook on the grill and sauté stations', 'Prep for service', 'Keep the line clean and stocked'],
    requirements: ['Food handler card', 'A year on a line'],
    supplemental: S.Tips,
  },
  {
    title: 'Barista',
    family: 'hospitality',
    jobTypes: [2],
    skills: [612, 701, 704, 604],
    pay: [16.5, 18],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [2, 8, 21],
    duties: ['Make espresso drinks and brewed coffee', 'Take orders and handle cash', 'Keep the café clean'],
    requirements: ['A friendly manner', 'Weekend availability'],
    minors: true,
    supplemental: S.Tips,
  },
  {
    title: 'Hotel Front Desk Agent',
    family: 'hospitality',
    jobTypes: [1, 2],
    skills: [621, 623, 624, 704, 702],
    pay: [17, 20],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [2, 4, 8],
    duties: ['Check guests in and out', 'Answer questions and solve problems', 'Take reservations'],
    requirements: ['Customer service experience'],
  },
  {
    title: 'Server',
    family: 'hospitality',
    jobTypes: [2],
    skills: [615, 701, 702, 704, 710],
    pay: [15, 17],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [4, 8],
    duties: ['Serve guests with care', 'Know the menu and suggest pairings', 'Work as one team with the kitchen'],
    requirements: ['Weekend availability'],
    supplemental: S.Tips,
  },
  {
    title: 'Restaurant General Manager',
    family: 'hospitality',
    jobTypes: [1],
    skills: [2202, 713, 2223, 605, 2212],
    pay: [62000, 78000],
    rate: 'Yearly',
    experience: [3, 8],
    schedules: [8, 4],
    duties: ['Run a busy restaurant day to day', 'Hire, train and schedule the team', 'Own the budget and food cost'],
    requirements: ['Three years managing restaurants', 'ServSafe manager'],
    supplemental: S.PerformanceBonuses,
  },
  // retail
  {
    title: 'Cashier',
    family: 'retail',
    jobTypes: [2],
    skills: [703, 701, 702, 704, 711],
    pay: [16, 18],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [4, 8, 21],
    duties: ['Ring up purchases quickly and accurately', 'Handle returns and exchanges', 'Greet every customer'],
    requirements: ['Basic math', 'Weekend availability'],
    minors: true,
  },
  {
    title: 'Retail Sales Associate',
    family: 'retail',
    jobTypes: [1, 2],
    skills: [704, 705, 707, 709, 710],
    pay: [16.5, 19],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [1, 4, 8],
    duties: ['Help customers find what they need', 'Stock shelves and set displays', 'Keep the floor neat'],
    requirements: ['A positive attitude'],
    minors: true,
    supplemental: S.Commission,
  },
  {
    title: 'Stock Associate',
    family: 'retail',
    jobTypes: [2, 6],
    skills: [707, 407, 411, 410],
    pay: [16.5, 18.5],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [2, 6],
    duties: ['Unload deliveries and stock shelves', 'Rotate products by date', 'Count inventory'],
    requirements: ['Lift up to 40 lb'],
    supplemental: S.ShiftDifferential,
  },
  {
    title: 'Assistant Store Manager',
    family: 'retail',
    jobTypes: [1],
    skills: [713, 2202, 701, 708, 2212],
    pay: [48000, 58000],
    rate: 'Yearly',
    experience: [2, 5],
    schedules: [1, 8],
    duties: ['Open and close the store', 'Coach associates on the floor', 'Track sales and labour'],
    requirements: ['Two years leading a retail team'],
    supplemental: S.PerformanceBonuses,
  },
  // finance
  {
    title: 'Bank Teller',
    family: 'finance',
    jobTypes: [1, 2],
    skills: [1124, 701, 704, 710],
    pay: [18, 22],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 7],
    duties: ['Handle deposits, withdrawals and transfers', 'Balance your drawer', 'Refer customers to bankers'],
    requirements: ['Cash handling experience'],
  },
  {
    title: 'Staff Accountant',
    family: 'finance',
    jobTypes: [1],
    skills: [1105, 1106, 1110, 1116, 1003],
    pay: [65000, 80000],
    rate: 'Yearly',
    experience: [2, 4],
    schedules: [7],
    duties: ['Close the books each month', 'Reconcile accounts', 'Prepare financial statements'],
    requirements: ['Degree in accounting', 'GAAP'],
    education: 4,
    remote: true,
  },
  {
    title: 'Loan Processor',
    family: 'finance',
    jobTypes: [1],
    skills: [1123, 1121, 1007, 2209],
    pay: [50000, 62000],
    rate: 'Yearly',
    experience: [1, 4],
    schedules: [7],
    duties: ['Gather and check loan documents', 'Keep borrowers informed', 'Work with underwriters'],
    requirements: ['Mortgage or consumer lending experience'],
  },
  {
    title: 'Insurance Claims Adjuster',
    family: 'finance',
    jobTypes: [1],
    skills: [1125, 906, 1208, 704],
    pay: [58000, 72000],
    rate: 'Yearly',
    experience: [1, 5],
    schedules: [7],
    duties: ['Investigate and settle property claims', 'Inspect damage on site', 'Write clear reports'],
    requirements: ['Adjuster license (we sponsor it)'],
  },
  // facilities
  {
    title: 'Janitor',
    family: 'facilities',
    jobTypes: [1, 2],
    skills: [801, 802, 804, 807],
    pay: [17, 19.5],
    rate: 'Hourly',
    experience: [0, 1],
    schedules: [4, 5],
    duties: ['Clean offices and restrooms', 'Care for floors', 'Restock supplies'],
    requirements: ['Reliable and detail minded'],
    supplemental: S.ShiftDifferential,
  },
  {
    title: 'Groundskeeper',
    family: 'facilities',
    jobTypes: [1, 6],
    skills: [810, 811, 812, 813],
    pay: [18, 22],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 7],
    duties: ['Mow, trim and edge lawns', 'Plant and mulch beds', 'Fix irrigation'],
    requirements: ['Outdoor work in all weather'],
  },
  {
    title: 'Security Officer',
    family: 'facilities',
    jobTypes: [1, 2],
    skills: [901, 903, 904, 905, 906],
    pay: [19, 23],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [5, 6, 18],
    duties: ['Patrol the property', 'Control access at the front desk', 'Write incident reports'],
    requirements: ['State guard card'],
    supplemental: S.OvertimePay,
  },
  {
    title: 'Building Maintenance Technician',
    family: 'facilities',
    jobTypes: [1],
    skills: [809, 112, 114, 214],
    pay: [25, 31],
    rate: 'Hourly',
    experience: [2, 5],
    schedules: [1, 15],
    duties: ['Fix plumbing, electrical and HVAC issues', 'Turn units between residents', 'Answer work orders'],
    requirements: ['General maintenance experience'],
    supplemental: S.OnCallPay,
  },
  // office (every company)
  {
    title: 'Customer Service Representative',
    family: 'office',
    jobTypes: [1],
    skills: [704, 714, 715, 717, 1007],
    pay: [18, 21],
    rate: 'Hourly',
    experience: [0, 2],
    schedules: [1, 7],
    duties: ['Answer customer calls and chats', 'Solve problems on the first contact', 'Log every contact in the CRM'],
    requirements: ['Clear speaking and writing', 'Typing 35 words a minute'],
    remote: true,
  },
  {
    title: 'Administrative Assistant',
    family: 'office',
    jobTypes: [1],
    skills: [1001, 1011, 1013, 1010, 1007],
    pay: [20, 24],
    rate: 'Hourly',
    experience: [1, 3],
    schedules: [7],
    duties: ['Manage calendars and meetings', 'Greet visitors', 'Keep files in order'],
    requirements: ['Microsoft Office'],
  },
  {
    title: 'HR Generalist',
    family: 'office',
    jobTypes: [1],
    skills: [1305, 1306, 1304, 1307, 1313],
    pay: [62000, 76000],
    rate: 'Yearly',
    experience: [2, 5],
    schedules: [7],
    duties: ['Onboard new hires', 'Answer benefits and policy questions', 'Keep employee records'],
    requirements: ['Two years in HR'],
    education: 4,
  },
  {
    title: 'Recruiter',
    family: 'office',
    jobTypes: [1],
    skills: [1301, 1302, 1303, 1211, 2206],
    pay: [58000, 72000],
    rate: 'Yearly',
    experience: [1, 4],
    schedules: [7],
    duties: ['Source and screen candidates', 'Schedule interviews', 'Guide offers to close'],
    requirements: ['High-volume recruiting'],
    remote: true,
    supplemental: S.PerformanceBonuses,
  },
];

const BENEFITS_FULL = [1, 2, 3, 4, 5, 6, 7, 9];
const BENEFITS_PART = [6, 7, 12];

/** mulberry32: a small seeded random source, so every first start makes the same market. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The demo companies beside Demo Hiring Co: each hires mostly in its home city. */
export const DEMO_MARKET_COMPANIES: ReadonlyArray<{
  name: string;
  ein: string;
  family: Family;
  industryId: number;
  home: string;
  about: string;
}> = [
  {
    name: 'Cascade Health Partners',
    ein: '93-1041726',
    family: 'health',
    industryId: 62,
    home: 'Portland',
    about: 'Clinics and a community hospital across the Portland and Vancouver area.',
  },
  {
    name: 'Summit Freight & Logistics',
    ein: '91-2083745',
    family: 'logistics',
    industryId: 48,
    home: 'Vancouver',
    about: 'Regional trucking and two distribution centres along the I-5 corridor.',
  },
  {
    name: 'Front Range Builders',
    ein: '84-3371920',
    family: 'construction',
    industryId: 23,
    home: 'Denver',
    about: 'Commercial and multifamily general contractor since 1994.',
  },
  {
    name: 'Lone Star Software',
    ein: '74-2219584',
    family: 'software',
    industryId: 51,
    home: 'Austin',
    about: 'Scheduling software for clinics and salons, built by a remote-first team.',
  },
  {
    name: 'Lakeshore Precision Manufacturing',
    ein: '36-4120937',
    family: 'manufacturing',
    industryId: 31,
    home: 'Chicago',
    about: 'Machined parts for medical and aerospace customers.',
  },
  {
    name: 'Peachtree Hospitality Group',
    ein: '58-2690413',
    family: 'hospitality',
    industryId: 72,
    home: 'Atlanta',
    about: 'Six restaurants and two boutique hotels in Atlanta.',
  },
  {
    name: 'Desert Sun Outfitters',
    ein: '86-1507732',
    family: 'retail',
    industryId: 44,
    home: 'Phoenix',
    about: 'Outdoor gear stores across the Southwest.',
  },
  {
    name: 'Buckeye Community Bank',
    ein: '31-0986421',
    family: 'finance',
    industryId: 52,
    home: 'Columbus',
    about: 'A community bank with 14 branches in central Ohio.',
  },
  {
    name: 'Harbor Point Facility Services',
    ein: '04-3318265',
    family: 'facilities',
    industryId: 56,
    home: 'Boston',
    about: 'Cleaning, security and maintenance for offices and campuses.',
  },
  {
    name: 'Evergreen Coffee Roasters',
    ein: '91-1874503',
    family: 'hospitality',
    industryId: 72,
    home: 'Seattle',
    about: 'Roastery and twelve cafés in Seattle, Portland and Vancouver.',
  },
];

export const cityNamed = (name: string) => DEMO_CITIES.find((c) => c.city === name) ?? DEMO_CITIES[0]!;

export interface DemoJobSpec {
  jobData: JobData;
  /** Days ago it was first published. */
  postedDaysAgo: number;
}

/** A job of a role at a company, placed near a city (within about 5 miles of its centre, so it stays on its side of a river or state line). */
export function demoJob(random: () => number, role: Role, companyName: string, place: DemoCity, remote: boolean): JobData {
  const data = newJobData(role.title);
  const locationType: LocationType = remote ? 'remote' : random() < 0.12 ? 'hybrid' : 'onsite';
  // About ±3.5 miles each way: a degree of latitude is 69 miles; longitude shrinks with the latitude.
  const latitude = Math.round((place.latitude + (random() - 0.5) * 0.1) * 1e5) / 1e5;
  const longitude = Math.round((place.longitude + ((random() - 0.5) * 0.1) / Math.cos((place.latitude * Math.PI) / 180)) * 1e5) / 1e5;
  const partTime = role.jobTypes[0] === 2;
  const step = role.rate === 'Yearly' ? 1000 : 0.5;
  const jitter = Math.round(((random() - 0.5) * (role.pay[1] - role.pay[0]) * 0.3) / step) * step;
  const min = Math.max(role.rate === 'Yearly' ? 30000 : 15, role.pay[0] + jitter);
  const max = role.pay[1] + jitter;
  const where = remote ? 'remotely, anywhere in the United States' : `in ${place.city}, ${place.state}`;
  data.jobDetails = {
    ...data.jobDetails,
    description:
      `<p>${escapeHtml(companyName)} is hiring a ${escapeHtml(role.title)} to work ${where}.</p>` +
      `<p><strong>What you will do</strong></p><ul>${role.duties.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` +
      `<p><strong>What you bring</strong></p><ul>${role.requirements.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>` +
      `<p>We train everyone who joins and promote from within. <em>Apply today: we answer every application within a week.</em></p>`,
    positionType: role.jobTypes,
    numberOfHires: 1 + Math.floor(random() * (role.pay[1] < 1000 ? 5 : 2)),
    locationType,
    address: remote ? null : `${place.city}, ${place.state} ${place.zip}`,
    geoLocation: remote
      ? null
      : {
          city: place.city,
          name: `${place.city}, ${place.state}`,
          state: place.state,
          address: `${place.city}, ${place.state} ${place.zip}`,
          pinCode: place.zip,
          latitude,
          longitude,
        },
    requiresWorkAuthorization: random() < 0.5,
    offersRelocation: role.rate === 'Yearly' && random() < 0.3,
    requiresResume: role.rate === 'Yearly' || random() < 0.6,
    requiresCoverLetter: role.rate === 'Yearly' && random() < 0.2,
  };
  data.timeRequirements = {
    workSchedule: partTime ? 2 : 1,
    hoursPerWeek: partTime ? 20 + Math.floor(random() * 3) * 4 : 40,
    duration: role.jobTypes.includes(4) || role.jobTypes.includes(6) ? 3 + Math.floor(random() * 4) : null,
    schedules: role.schedules,
  };
  data.payDetails = {
    ...data.payDetails,
    minSalary: min,
    maxSalary: max,
    compensationType: 'Range',
    rate: role.rate,
    benefits: partTime ? BENEFITS_PART : BENEFITS_FULL,
    supplementalPay: role.supplemental ?? 0,
  };
  data.categorization = { industries: [industryOf(role.family)] };
  data.candidateRequirements = {
    ...data.candidateRequirements,
    skills: role.skills,
    minimumEducation: role.education ?? null,
    minExperience: role.experience[0],
    maxExperience: role.experience[1],
    openToMinors: Boolean(role.minors),
    hazardsReviewed: Boolean(role.minors),
  };
  return data;
}

function industryOf(family: Family): number {
  const map: Record<Family, number> = {
    health: 62,
    logistics: 48,
    construction: 23,
    software: 51,
    manufacturing: 31,
    hospitality: 72,
    retail: 44,
    finance: 52,
    facilities: 56,
    office: 56,
  };
  return map[family];
}

/** About 30 jobs for a market company: most in its home city, some in the others, remote where the role allows. */
export function marketJobs(random: () => number, company: (typeof DEMO_MARKET_COMPANIES)[number], count = 30): DemoJobSpec[] {
  const roles = ROLES.filter((r) => r.family === company.family || r.family === 'office');
  const home = cityNamed(company.home);
  return Array.from({ length: count }, (_, i) => {
    const role = roles[i % roles.length]!;
    const place = random() < 0.6 ? home : pick(random, DEMO_CITIES);
    const remote = Boolean(role.remote) && random() < 0.5;
    return { jobData: demoJob(random, role, company.name, place, remote), postedDaysAgo: Math.floor(random() * 25) };
  });
}

/** Where a demo draft stopped: the steps done before it. */
export function stepsBefore(step: WizardStep): WizardStep[] {
  const order: WizardStep[] = [
    'jobDetails',
    'timeRequirements',
    'payDetails',
    'categorization',
    'candidateRequirements',
    'subscriptionPlan',
    'review',
  ];
  return order.slice(0, order.indexOf(step));
}

/** The demo company's roles: a retailer with a distribution centre in Clark County. */
export const DEMO_COMPANY_ROLES = ROLES.filter((r) => r.family === 'retail' || r.family === 'logistics' || r.family === 'office');
