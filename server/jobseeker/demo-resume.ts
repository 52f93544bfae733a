/**
 * The demo job seeker's résumé: a one-page PDF written here at seed time, so the repository holds
 * no binary and the résumé always says what the demo profile says. Standard PDF fonts only
 * (Helvetica and its bold), which every reader has.
 */

export interface ResumeContent {
  name: string;
  contact: string;
  summary: string;
  jobs: Array<{ title: string; company: string; dates: string; points: string[] }>;
  education: Array<{ degree: string; school: string; year: string }>;
  skills: string[];
}

type Font = 'F1' | 'F2';
interface Line {
  text: string;
  font: Font;
  size: number;
  /** Space above the line, in points. */
  gap: number;
  /** A rule drawn under the line (section headings). */
  rule?: boolean;
  indent?: number;
}

/** The bullet of WinAnsiEncoding (byte 0x95). */
const BULLET = '\x95';

const PAGE = { width: 612, height: 792, margin: 56 };
const TEXT_WIDTH = PAGE.width - PAGE.margin * 2;

/** Words wrapped to the text width. Helvetica averages about half an em per character. */
function wrap(text: string, size: number, indent = 0): string[] {
  const perLine = Math.floor((TEXT_WIDTH - indent) / (size * 0.47));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function layout(r: ResumeContent): Line[] {
  const lines: Line[] = [
    { text: r.name, font: 'F2', size: 22, gap: 0 },
    { text: r.contact, font: 'F1', size: 10, gap: 6 },
  ];
  const heading = (text: string) => lines.push({ text: text.toUpperCase(), font: 'F2', size: 11, gap: 18, rule: true });
  const para = (text: string, indent = 0, first = 4, bullet = false) =>
    wrap(text, 10, indent + (bullet ? 10 : 0)).forEach((t, i) =>
      lines.push({
        text: bullet && i === 0 ? `${BULLET} ${t}` : t,
        font: 'F1',
        size: 10,
        gap: i ? 2 : first,
        indent: indent + (bullet && i ? 8 : 0),
      }),
    );

  heading('Summary');
  para(r.summary, 0, 8);
  heading('Experience');
  r.jobs.forEach((job, i) => {
    lines.push({ text: `${job.title}, ${job.company}`, font: 'F2', size: 10.5, gap: i ? 10 : 8 });
    lines.push({ text: job.dates, font: 'F1', size: 9.5, gap: 2 });
    for (const point of job.points) para(point, 6, 3, true);
  });
  heading('Education');
  r.education.forEach((e, i) => lines.push({ text: `${e.degree}, ${e.school} (${e.year})`, font: 'F1', size: 10, gap: i ? 3 : 8 }));
  heading('Skills');
  para(r.skills.join(', '), 0, 8);
  return lines;
}

/** Typographic characters outside Latin-1, at their WinAnsiEncoding bytes. */
const WIN_ANSI: Record<string, string> = { '‘': '\x91', '’': '\x92', '“': '\x93', '”': '\x94', '–': '\x96', '—': '\x97' };

/** A string in a PDF text object: the three special characters escaped, WinAnsi bytes only. */
const pdfString = (s: string) =>
  `(${s
    .replace(/[‘’“”–—]/g, (c) => WIN_ANSI[c]!)
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/[()\\]/g, '\\$&')})`;

function contentStream(lines: Line[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    y -= line.gap + line.size;
    const x = PAGE.margin + (line.indent ?? 0);
    ops.push(`BT /${line.font} ${line.size} Tf ${x} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`);
    if (line.rule) ops.push(`0.6 w ${PAGE.margin} ${(y - 4).toFixed(1)} m ${PAGE.width - PAGE.margin} ${(y - 4).toFixed(1)} l S`);
  }
  return ops.join('\n');
}

/** The whole file: catalog, pages, one page, its content, two fonts, cross-reference table. */
export function resumePdf(content: ResumeContent): Buffer {
  const stream = contentStream(layout(content));
  const font = (base: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    `<< /Title ${pdfString(`${content.name} - Resume`)} /Author ${pdfString(content.name)} >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
