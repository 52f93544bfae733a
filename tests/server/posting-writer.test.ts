import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import {
  createOpenAiJobWriter,
  JOB_WRITER_INSTRUCTIONS,
  JobWriterError,
  writeFromTemplate,
  type JobFacts,
} from '../../server/platform/job-writer.ts';
import { PostingMessages } from '../../src/contract/posting.ts';
import type { FilesApp } from './files-support.ts';
import { completeJobData, posting, postingApp, postingRows, type PostingWorld } from './posting-support.ts';

const facts: JobFacts = {
  companyName: 'Hale Logistics LLC',
  title: 'Customer Support Specialist',
  jobTypes: ['Part-time'],
  numberOfHires: 1,
  locationType: 'remote',
  place: null,
  remoteStates: ['Idaho', 'Texas'],
  startJobDate: '2030-04-01',
  requiresWorkAuthorization: true,
  offersRelocation: false,
  requiresResume: true,
  requiresCoverLetter: true,
  workSchedule: 'Part time',
  hoursPerWeek: 20,
  durationMonths: 6,
  schedules: [],
  pay: { minimum: 0, maximum: 0, shownAs: 'Range', rate: null, competitive: true },
  benefits: [],
  supplementalPay: [],
  industries: [],
  skills: [],
  tags: ['chat support'],
  fieldsOfStudy: [],
  minimumEducation: "Associate's degree",
  minimumGPA: null,
  minExperience: 2,
  maxExperience: null,
  openToMinors: true,
};

describe('the template writer', () => {
  it('writes the four sections from the facts alone', () => {
    expect(writeFromTemplate(facts)).toBe(
      '<p><strong>About the role</strong></p>' +
        '<p>Hale Logistics LLC is hiring a Customer Support Specialist (part-time), working remotely from Idaho and Texas. The job starts on 04-01-2030.</p>' +
        '<p><strong>Schedule</strong></p><ul><li>Part time, 20 hours a week</li><li>For 6 months</li></ul>' +
        '<p><strong>Pay and benefits</strong></p><ul><li>Competitive pay</li></ul>' +
        '<p><strong>Requirements</strong></p><ul><li>Associate&#39;s degree or higher</li><li>At least 2 years of experience</li><li>Also good to have: chat support</li>' +
        '<li>Authorization to work in the United States</li><li>A résumé and a cover letter</li><li>Applicants aged 16 and over are welcome</li></ul>',
    );
  });

  it('says what it can when a section has nothing to tell', () => {
    const bare = writeFromTemplate({
      ...facts,
      pay: { ...facts.pay, competitive: false },
      minimumEducation: null,
      minExperience: null,
      tags: [],
      requiresWorkAuthorization: false,
      requiresResume: false,
      requiresCoverLetter: false,
      openToMinors: false,
    });
    expect(bare).toContain('<p><strong>Pay and benefits</strong></p><p>Pay is discussed with each applicant.</p>');
    expect(bare).toContain(
      '<p><strong>Requirements</strong></p><p>No particular education or experience is needed: we welcome every applicant.</p>',
    );
  });
});

type Mode = 'ok' | 'markdown' | 'error' | 'garbage' | 'empty' | 'hang';

/** An OpenAI-compatible chat completions server, in-process. */
async function startModel() {
  const state = {
    mode: 'ok' as Mode,
    requests: [] as Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }>,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      state.requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      const answer = (content: string) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }),
        );
      switch (state.mode) {
        case 'hang':
          return;
        case 'error':
          return void res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"Rate limit"}}');
        case 'garbage':
          return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        case 'empty':
          return answer('   ');
        case 'markdown':
          return answer(
            '```\n## About the role\n\nWe need a picker who enjoys fast-paced work in our warehouse.\n\n- Pick orders\n- Pack parcels\n```',
          );
        default:
          return answer(
            '<p><strong>About the role</strong></p><p>Pick and pack orders in a friendly team, with room to grow.</p><script>alert(1)</script>' +
              '<p><a href="javascript:alert(1)">More</a> <a href="https://hale.example.com/jobs">Our jobs</a></p>',
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    base: `http://127.0.0.1:${port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the OpenAI-compatible writer', () => {
  let model: Awaited<ReturnType<typeof startModel>>;
  beforeAll(async () => {
    model = await startModel();
  });
  afterAll(async () => model?.close());
  beforeEach(() => {
    model.state.mode = 'ok';
    model.state.requests.length = 0;
  });

  it('asks the chat completions endpoint with the model, the instructions and the facts', async () => {
    const writer = createOpenAiJobWriter({ url: model.base, key: 'sk-test', model: 'writer-small' });
    const html = await writer.write(facts);
    expect(html).toContain('<p><strong>About the role</strong></p>');
    const [request] = model.state.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({
      model: 'writer-small',
      messages: [{ role: 'system', content: JOB_WRITER_INSTRUCTIONS }, { role: 'user' }],
    });
    const user = (request!.body.messages as Array<{ content: string }>)[1]!.content;
    expect(JSON.parse(user.slice(user.indexOf('{')))).toEqual(facts);
  });

  it('takes a full chat completions address as it is, and sends no key when none is set', async () => {
    await createOpenAiJobWriter({ url: `${model.base}/chat/completions`, key: undefined, model: 'm' }).write(facts);
    expect(model.state.requests[0]!.path).toBe('/v1/chat/completions');
    expect(model.state.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('turns a Markdown answer into paragraphs and lists', async () => {
    model.state.mode = 'markdown';
    const html = await createOpenAiJobWriter({ url: model.base, key: 'k', model: 'm' }).write(facts);
    expect(html).toBe(
      '<p><strong>About the role</strong></p><p>We need a picker who enjoys fast-paced work in our warehouse.</p><ul><li>Pick orders</li><li>Pack parcels</li></ul>',
    );
  });

  it.each(['error', 'garbage', 'empty'] as const)('fails with a JobWriterError on an answer that is %s', async (mode) => {
    model.state.mode = mode;
    await expect(createOpenAiJobWriter({ url: model.base, key: 'k', model: 'm' }).write(facts)).rejects.toBeInstanceOf(JobWriterError);
  });

  it('gives up on a model that does not answer', async () => {
    model.state.mode = 'hang';
    await expect(createOpenAiJobWriter({ url: model.base, key: 'k', model: 'm' }, { timeoutMs: 200 }).write(facts)).rejects.toBeInstanceOf(
      JobWriterError,
    );
  });

  it('fails with a JobWriterError when nothing listens', async () => {
    const gone = await startModel();
    await gone.close();
    await expect(createOpenAiJobWriter({ url: gone.base, key: 'k', model: 'm' }).write(facts)).rejects.toBeInstanceOf(JobWriterError);
  });
});

describe('UseAi through a configured model', () => {
  let model: Awaited<ReturnType<typeof startModel>>;
  let f: FilesApp;
  let w: PostingWorld;
  let api: ReturnType<typeof posting>;
  beforeAll(async () => {
    model = await startModel();
    ({ f, w } = await postingApp({ env: { AI_API_URL: model.base, AI_API_KEY: 'sk-test', AI_MODEL: 'writer-small' } }));
    api = posting(f);
  });
  afterAll(async () => {
    await f?.stop();
    await model?.close();
  });
  beforeEach(() => {
    model.state.mode = 'ok';
    model.state.requests.length = 0;
  });

  it('offers the model’s text, sanitised, beside the draft; the stored description is the author’s', async () => {
    const jobData = completeJobData();
    const answer = await api.saveDraft(w.recruiterX, { jobData }, true);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.draftSaved);
    expect(answer.body.data.suggestedDescription).toBe(
      '<p><strong>About the role</strong></p><p>Pick and pack orders in a friendly team, with room to grow.</p>' +
        '<p><a rel="noopener noreferrer nofollow">More</a> <a href="https://hale.example.com/jobs" rel="noopener noreferrer nofollow">Our jobs</a></p>',
    );
    const stored = await api.draft(w.recruiterX, answer.body.data.draft.jobPostDraftId);
    expect(stored.body.data.jobData.jobDetails.description).toBe(answer.body.data.draft.jobData.jobDetails.description);
    const user = (model.state.requests[0]!.body.messages as Array<{ content: string }>)[1]!.content;
    expect(JSON.parse(user.slice(user.indexOf('{')))).toMatchObject({
      companyName: 'Hale Logistics LLC',
      title: 'Warehouse Associate',
      skills: ['Order picking', 'Packing'],
      place: 'Vancouver, WA',
    });
  });

  it('still saves the draft when the model fails, and says the writer is unavailable', async () => {
    model.state.mode = 'error';
    const before = (await postingRows(f)).drafts.length;
    const answer = await api.saveDraft(w.recruiterX, { jobData: completeJobData({ title: 'Packer' }) }, true);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.writerUnavailable);
    expect(answer.body.data.suggestedDescription).toBeNull();
    expect(answer.body.data.draft.title).toBe('Packer');
    expect((await postingRows(f)).drafts.length).toBe(before + 1);
  });

  it('does not call the model without UseAi, nor for a draft it refuses', async () => {
    expect((await api.saveDraft(w.recruiterX, { jobData: completeJobData() }, false)).status).toBe(200);
    expect((await api.saveDraft(w.recruiterX, { jobData: completeJobData({ title: 'Cook' }) }, true)).status).toBe(400);
    expect(model.state.requests).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('needs a model with AI_API_URL, and uses the template without it', () => {
    expect(() => loadConfig({ AI_API_URL: 'https://api.example.com/v1' })).toThrow(ConfigError);
    expect(loadConfig({ AI_API_URL: 'https://api.example.com/v1', AI_MODEL: 'm', AI_API_KEY: 'k' }).ai).toEqual({
      url: 'https://api.example.com/v1',
      key: 'k',
      model: 'm',
    });
    expect(loadConfig({}).ai).toBeNull();
  });
});
