import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiStateSchema } from '../../src/contract/envelope.ts';
import { jobRefusalOf, missingAnswers } from '../../src/contract/application-rules.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { outcomeCodeList } from '../../src/contract/outcome-codes.ts';
import { describeOutcomeCodes, outcomeCodes } from '../../src/contract/outcome-code-meanings.ts';

describe('outcome codes', () => {
  it('documents every code: a dotted name, the status it comes with, and when it is sent', () => {
    expect(outcomeCodeList.length).toBeGreaterThan(0);
    for (const code of outcomeCodeList) {
      const { status, when } = outcomeCodes[code];
      expect(code).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect([200, 201, 202, 400, 402, 403, 404, 409, 410, 429, 503]).toContain(status);
      expect(when.length).toBeGreaterThan(20);
    }
  });

  it('puts the codes in the envelope’s state, and their meaning in its JSON schema (the OpenAPI document) once the server describes them', () => {
    describeOutcomeCodes();
    expect(apiStateSchema.parse({ status: 409, hasError: true, hasData: false, errors: ['x'], code: 'job.closed' }).code).toBe(
      'job.closed',
    );
    expect(apiStateSchema.safeParse({ status: 409, hasError: true, hasData: false, errors: ['x'], code: 'no.suchCode' }).success).toBe(
      false,
    );
    const schema = z.toJSONSchema(apiStateSchema) as {
      properties: { code: { enum: string[]; description: string; 'x-enumDescriptions': Record<string, string> } };
    };
    const { code } = schema.properties;
    expect(code.enum).toEqual(outcomeCodeList);
    for (const name of outcomeCodeList) {
      expect(code.description).toContain(`\`${name}\` (${outcomeCodes[name].status})`);
      expect(code['x-enumDescriptions'][name]).toContain(outcomeCodes[name].when);
    }
  });
});

describe('what a job requires of an application', () => {
  const asksAll = { requiresResume: true, requiresCoverLetter: true, requiresWorkAuthorization: true };
  const asksNone = { requiresResume: false, requiresCoverLetter: false, requiresWorkAuthorization: false };

  it('names each answer the job asks for and the application lacks; "no" is an answer', () => {
    expect(missingAnswers(asksAll, { resumeId: null, coverLetterId: undefined, workAuthorization: null })).toEqual({
      resumeId: JobMessages.resumeRequired,
      coverLetterId: JobMessages.coverLetterRequired,
      workAuthorization: JobMessages.workAuthorizationRequired,
    });
    expect(missingAnswers(asksAll, { resumeId: 'r', coverLetterId: 'c', workAuthorization: false })).toEqual({});
    expect(missingAnswers(asksNone, { resumeId: null, coverLetterId: null, workAuthorization: null })).toEqual({});
  });

  it('refuses a closed job, then an expired one, then an adults-only job to a seeker under 18', () => {
    expect(jobRefusalOf({ status: 'Closed', openToMinors: false }, { minor: true })).toBe('job.closed');
    expect(jobRefusalOf({ status: 'Expired', openToMinors: false }, { minor: true })).toBe('job.expired');
    expect(jobRefusalOf({ status: 'Active', openToMinors: false }, { minor: true })).toBe('job.adultsOnly');
    expect(jobRefusalOf({ status: 'Active', openToMinors: true }, { minor: true })).toBeNull();
    expect(jobRefusalOf({ status: 'Active', openToMinors: false }, { minor: false })).toBeNull();
  });
});
