import type * as schema from '../../db/schema.ts';
import { SUPPLEMENTAL_PAYS } from '../../../src/contract/lookups.ts';

/**
 * The short lookup lists, written by us from the sources named on each. Ids are stable: profiles
 * and job posts refer to them, so a row may be renamed or added, never renumbered or removed.
 */

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * Job types, as a US job board offers them. 1 and 2 are the wizard's work schedule values
 * (spec 2 §3: 1 = full time, 2 = part time).
 */
export const jobTypes: ReadonlyArray<Row<typeof schema.jobTypes>> = [
  { id: 1, name: 'Full-time' },
  { id: 2, name: 'Part-time' },
  { id: 3, name: 'Contract' },
  { id: 4, name: 'Temporary' },
  { id: 5, name: 'Internship' },
  { id: 6, name: 'Seasonal' },
  { id: 7, name: 'Per diem' },
];

/** Shifts and schedules, as US job boards list them. */
export const schedules: ReadonlyArray<Row<typeof schema.schedules>> = [
  { id: 1, name: 'Day shift' },
  { id: 2, name: 'Morning shift' },
  { id: 3, name: 'Afternoon shift' },
  { id: 4, name: 'Evening shift' },
  { id: 5, name: 'Night shift' },
  { id: 6, name: 'Overnight shift' },
  { id: 7, name: 'Monday to Friday' },
  { id: 8, name: 'Weekends as needed' },
  { id: 9, name: 'Every weekend' },
  { id: 10, name: 'No weekends' },
  { id: 11, name: '4-hour shift' },
  { id: 12, name: '8-hour shift' },
  { id: 13, name: '10-hour shift' },
  { id: 14, name: '12-hour shift' },
  { id: 15, name: 'On call' },
  { id: 16, name: 'Holidays' },
  { id: 17, name: 'Overtime' },
  { id: 18, name: 'Rotating shift' },
  { id: 19, name: 'Split shift' },
  { id: 20, name: 'Choose your own hours' },
  { id: 21, name: 'After school' },
];

/** Benefits, as US employers offer them. */
export const benefits: ReadonlyArray<Row<typeof schema.benefits>> = [
  { id: 1, name: 'Health insurance' },
  { id: 2, name: 'Dental insurance' },
  { id: 3, name: 'Vision insurance' },
  { id: 4, name: '401(k)' },
  { id: 5, name: '401(k) matching' },
  { id: 6, name: 'Paid time off' },
  { id: 7, name: 'Paid sick leave' },
  { id: 8, name: 'Parental leave' },
  { id: 9, name: 'Life insurance' },
  { id: 10, name: 'Disability insurance' },
  { id: 11, name: 'Tuition reimbursement' },
  { id: 12, name: 'Employee discount' },
  { id: 13, name: 'Flexible schedule' },
  { id: 14, name: 'Remote work' },
  { id: 15, name: 'Commuter benefits' },
  { id: 16, name: 'Health savings account (HSA)' },
  { id: 17, name: 'Flexible spending account (FSA)' },
  { id: 18, name: 'Relocation assistance' },
  { id: 19, name: 'Retirement plan (pension)' },
  { id: 20, name: 'Employee assistance program' },
  { id: 21, name: 'Professional development assistance' },
  { id: 22, name: 'Paid training' },
  { id: 23, name: 'Referral program' },
  { id: 24, name: 'Employee stock purchase plan' },
  { id: 25, name: 'Profit-sharing plan' },
  { id: 26, name: 'Childcare' },
  { id: 27, name: 'Gym membership' },
  { id: 28, name: 'Wellness program' },
  { id: 29, name: 'Food provided' },
  { id: 30, name: 'Cell phone reimbursement' },
  { id: 31, name: 'Company car' },
  { id: 32, name: 'Mileage reimbursement' },
  { id: 33, name: 'Uniform allowance' },
  { id: 34, name: 'Student loan repayment' },
  { id: 35, name: 'Adoption assistance' },
  { id: 36, name: 'Pet insurance' },
  { id: 37, name: 'Housing allowance' },
  { id: 38, name: 'Travel reimbursement' },
];

/** Degrees by level, high school (1) to doctorate (7); a job post asks for a minimum level. */
export const degrees: ReadonlyArray<Row<typeof schema.degrees>> = [
  { id: 1, name: 'High school diploma or GED', level: 1 },
  { id: 2, name: 'Certificate or vocational', level: 2 },
  { id: 3, name: "Associate's degree", level: 3 },
  { id: 4, name: "Bachelor's degree", level: 4 },
  { id: 5, name: "Master's degree", level: 5 },
  { id: 6, name: 'Professional degree (JD, MD, DDS…)', level: 6 },
  { id: 7, name: 'Doctorate', level: 7 },
];

/**
 * Fields of study: the two-digit series of the Classification of Instructional Programs, CIP 2020
 * (U.S. Department of Education, NCES; public domain). The id is the series number. Series 21 and
 * 55 are reserved and have no programs.
 */
export const fieldsOfStudy: ReadonlyArray<Row<typeof schema.fieldsOfStudy>> = (
  [
    ['01', 'Agricultural/Animal/Plant/Veterinary Science and Related Fields'],
    ['03', 'Natural Resources and Conservation'],
    ['04', 'Architecture and Related Services'],
    ['05', 'Area, Ethnic, Cultural, Gender, and Group Studies'],
    ['09', 'Communication, Journalism, and Related Programs'],
    ['10', 'Communications Technologies/Technicians and Support Services'],
    ['11', 'Computer and Information Sciences and Support Services'],
    ['12', 'Culinary, Entertainment, and Personal Services'],
    ['13', 'Education'],
    ['14', 'Engineering'],
    ['15', 'Engineering/Engineering-Related Technologies/Technicians'],
    ['16', 'Foreign Languages, Literatures, and Linguistics'],
    ['19', 'Family and Consumer Sciences/Human Sciences'],
    ['22', 'Legal Professions and Studies'],
    ['23', 'English Language and Literature/Letters'],
    ['24', 'Liberal Arts and Sciences, General Studies and Humanities'],
    ['25', 'Library Science'],
    ['26', 'Biological and Biomedical Sciences'],
    ['27', 'Mathematics and Statistics'],
    ['28', 'Military Science, Leadership and Operational Art'],
    ['29', 'Military Technologies and Applied Sciences'],
    ['30', 'Multi/Interdisciplinary Studies'],
    ['31', 'Parks, Recreation, Leisure, Fitness, and Kinesiology'],
    ['32', 'Basic Skills and Developmental/Remedial Education'],
    ['33', 'Citizenship Activities'],
    ['34', 'Health-Related Knowledge and Skills'],
    ['35', 'Interpersonal and Social Skills'],
    ['36', 'Leisure and Recreational Activities'],
    ['37', 'Personal Awareness and Self-Improvement'],
    ['38', 'Philosophy and Religious Studies'],
    ['39', 'Theology and Religious Vocations'],
    ['40', 'Physical Sciences'],
    ['41', 'Science Technologies/Technicians'],
    ['42', 'Psychology'],
    ['43', 'Homeland Security, Law Enforcement, Firefighting and Related Protective Services'],
    ['44', 'Public Administration and Social Service Professions'],
    ['45', 'Social Sciences'],
    ['46', 'Construction Trades'],
    ['47', 'Mechanic and Repair Technologies/Technicians'],
    ['48', 'Precision Production'],
    ['49', 'Transportation and Materials Moving'],
    ['50', 'Visual and Performing Arts'],
    ['51', 'Health Professions and Related Programs'],
    ['52', 'Business, Management, Marketing, and Related Support Services'],
    ['53', 'High School/Secondary Diplomas and Certificates'],
    ['54', 'History'],
    ['60', 'Health Professions Residency/Fellowship Programs'],
    ['61', 'Medical Residency/Fellowship Programs'],
  ] as const
).map(([cipCode, name]) => ({ id: Number(cipCode), name, cipCode }));

/**
 * Industries: the 20 sectors of the North American Industry Classification System, NAICS 2022
 * (U.S. Census Bureau; public domain). The id is the sector's first code.
 */
export const industries: ReadonlyArray<Row<typeof schema.industries>> = (
  [
    ['11', 'Agriculture, Forestry, Fishing and Hunting'],
    ['21', 'Mining, Quarrying, and Oil and Gas Extraction'],
    ['22', 'Utilities'],
    ['23', 'Construction'],
    ['31-33', 'Manufacturing'],
    ['42', 'Wholesale Trade'],
    ['44-45', 'Retail Trade'],
    ['48-49', 'Transportation and Warehousing'],
    ['51', 'Information'],
    ['52', 'Finance and Insurance'],
    ['53', 'Real Estate and Rental and Leasing'],
    ['54', 'Professional, Scientific, and Technical Services'],
    ['55', 'Management of Companies and Enterprises'],
    ['56', 'Administrative and Support and Waste Management and Remediation Services'],
    ['61', 'Educational Services'],
    ['62', 'Health Care and Social Assistance'],
    ['71', 'Arts, Entertainment, and Recreation'],
    ['72', 'Accommodation and Food Services'],
    ['81', 'Other Services (except Public Administration)'],
    ['92', 'Public Administration'],
  ] as const
).map(([naicsCode, name]) => ({ id: Number(naicsCode.slice(0, 2)), name, naicsCode }));

/** Supplemental pay: the spec's ten flags (spec 2 §3), id = bit value; defined once in the contract. */
export const supplementalPays: ReadonlyArray<Row<typeof schema.supplementalPays>> = SUPPLEMENTAL_PAYS;
