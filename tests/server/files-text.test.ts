import { describe, expect, it } from 'vitest';
import { FileMessages } from '../../src/contract/files.ts';
import { DocxLimits, WordTextCollector, readDocx } from '../../server/files/docx.ts';
import { PdfLimits, checkPdfHeader, extractPdfText } from '../../server/files/pdf.ts';
import { findSkills, tokens } from '../../server/files/skill-match.ts';
import { makeDocx, makeDocxBomb, makePdf } from './files-support.ts';

const taxonomy = [
  { id: 1, name: 'Java' },
  { id: 2, name: 'JavaScript' },
  { id: 3, name: 'C++' },
  { id: 4, name: 'C#' },
  { id: 5, name: '.NET' },
  { id: 6, name: 'ASP.NET' },
  { id: 7, name: 'Node.js' },
  { id: 8, name: 'Project Management' },
  { id: 9, name: 'Front-End Development' },
  { id: 10, name: 'R' },
  { id: 11, name: 'SQL' },
];
const names = (text: string) => findSkills(text, taxonomy).map((id) => taxonomy.find((s) => s.id === id)!.name);

describe('skill matching', () => {
  it('matches whole words, case-insensitively', () => {
    expect(names('Senior JAVASCRIPT developer')).toEqual(['JavaScript']);
    expect(names('java, and more java.')).toEqual(['Java']);
    expect(names('MySQL and NoSQL')).toEqual([]);
    expect(names('Reporting in R.')).toEqual(['R']);
  });

  it('keeps symbols that belong to a name: C++, C#, .NET, ASP.NET, Node.js at the end of a sentence', () => {
    expect(names('Languages: C++, C# (7 years). Built on ASP.NET and .NET; servers in Node.js.')).toEqual([
      'C++',
      'C#',
      '.NET',
      'ASP.NET',
      'Node.js',
    ]);
    expect(names('the net result was a C grade')).toEqual([]);
  });

  it('matches phrases across spaces, line breaks and hyphens', () => {
    expect(names('Led project\n   management for front end development')).toEqual(['Project Management', 'Front-End Development']);
    expect(names('project-management')).toEqual(['Project Management']);
  });

  it('cuts text into the same tokens as names', () => {
    expect(tokens('...Python, (SQL)! e.g. Node.js.')).toEqual(['python', 'sql', 'e.g', 'node.js']);
  });

  it('stays fast on a long text and a large taxonomy', () => {
    const big = Array.from({ length: 5000 }, (_, i) => ({ id: 100 + i, name: `Skill number ${i}` }));
    const text = 'lorem ipsum skill number 4321 dolor '.repeat(5000);
    const t = performance.now();
    expect(findSkills(text, big)).toEqual([4421]);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('DOCX text', () => {
  it('reads the runs of the main part, paragraphs as lines, entities decoded', async () => {
    const text = await readDocx(makeDocx(['Dana Fields', 'Skills: C# & "SQL" <fast>', 'Zoë']));
    expect(text).toBe('Dana Fields\nSkills: C# & "SQL" <fast>\nZoë\n');
  });

  it('gives the same text however the XML is split', () => {
    const xml = Buffer.from(
      '<w:body><w:p><w:r><w:t xml:space="preserve">Zoë &amp; Ana</w:t><w:tab/><w:t>C&#43;&#x2B;</w:t></w:r></w:p><w:p><w:r><w:t>end</w:t></w:r></w:p></w:body>',
    );
    const whole = new WordTextCollector(1000);
    whole.push(xml);
    const expected = whole.end();
    expect(expected).toBe('Zoë & Ana\tC++\nend\n');
    const bytewise = new WordTextCollector(1000);
    for (let i = 0; i < xml.length; i += 1) bytewise.push(xml.subarray(i, i + 1));
    expect(bytewise.end()).toBe(expected);
  });

  it('keeps at most the text limit', () => {
    const collector = new WordTextCollector(10);
    collector.push(Buffer.from('<w:p><w:t>0123456789abcdef</w:t></w:p>'));
    expect(collector.end()).toBe('0123456789');
  });

  it('refuses a main part that unpacks past the limit, reading no further', async () => {
    const bomb = makeDocxBomb(2 * 1024 * 1024);
    await expect(readDocx(bomb, { ...DocxLimits, maxDocumentBytes: 1024 * 1024 })).rejects.toMatchObject({
      status: 400,
      message: FileMessages.docxTooLarge,
    });
    // Its headers claim less than the limit: the stream is cut off by the count, not the claim.
    const lying = makeDocxBomb(2 * 1024 * 1024, 512 * 1024);
    await expect(readDocx(lying, { ...DocxLimits, maxDocumentBytes: 1024 * 1024 })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses what is not a zip', async () => {
    await expect(readDocx(Buffer.from('PK\u0003\u0004 not really'))).rejects.toMatchObject({ message: FileMessages.docxUnreadable });
  });
});

describe('PDF', () => {
  it('accepts a PDF whose first KB is a header, a binary comment and dictionaries with hex strings', () => {
    expect(() => checkPdfHeader(makePdf(['x'], { header: '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n% <a1b2c3> <<\n' }))).not.toThrow();
  });

  it('refuses HTML or XML markup in the first KB, and a missing header', () => {
    for (const markup of [
      '<html>',
      '<HTML ',
      '<script>',
      '<!DOCTYPE html>',
      '<?xml version="1.0"?>',
      '<svg ',
      '<iframe src=x>',
      '<a href=x>',
      '<!-- x -->',
    ]) {
      expect(() => checkPdfHeader(makePdf(['x'], { header: `%PDF-1.4\n%${markup}\n` })), markup).toThrow(FileMessages.pdfWithMarkup);
    }
    expect(() => checkPdfHeader(Buffer.from(' %PDF-1.4'))).toThrow(FileMessages.documentType);
    // Markup after the first KB is the attachment headers' business, not the sniffers'.
    const late = Buffer.concat([makePdf(['x']), Buffer.alloc(1024, 0x20), Buffer.from('<html>')]);
    expect(() => checkPdfHeader(late)).not.toThrow();
  });

  it('extracts text in a worker, up to the page limit', async () => {
    const result = await extractPdfText(makePdf(['Dana Fields', 'TypeScript and SQL']));
    expect(result).toMatchObject({ status: 'ok', pages: 1 });
    expect(result.status === 'ok' && result.text).toContain('TypeScript and SQL');
  });

  it('gives up cleanly when out of time, and tells an unreadable file apart', async () => {
    expect(await extractPdfText(makePdf(['x']), { ...PdfLimits, timeoutMs: 1 })).toEqual({ status: 'skipped' });
    expect(await extractPdfText(Buffer.from('%PDF-1.4\nnothing here at all\n'))).toEqual({ status: 'unreadable' });
  });

  it('runs at most the configured number of workers at once', async () => {
    const pdf = makePdf(['parallel']);
    const results = await Promise.all(Array.from({ length: 5 }, () => extractPdfText(pdf)));
    expect(results.every((r) => r.status === 'ok')).toBe(true);
  });
});
