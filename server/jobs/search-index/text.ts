/**
 * The search index reads the words PostgreSQL already made: a job's search document as the text of
 * its tsvector, a keyword as the text of its tsquery. Nothing is stemmed here, so a word matches in
 * the index exactly where it matches in SQL.
 */

/** ts_rank's default weights, as float4: D, C, B, A. */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
const f = Math.fround;

/**
 * What one lexeme of a document adds to ts_rank for a query word it matches (calc_rank_or in
 * PostgreSQL's tsrank.c, in its float4 arithmetic): the weights of its positions, in position order,
 * each divided by the square of its place, the heaviest counted in full.
 */
export function lexemeRank(weights: readonly number[]): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = WEIGHTS[weights[j]!]!;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  const t = f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
  return f(t / 1.64493406685);
}

/** A lexeme of a document, what it adds to the rank of a word matching it, and where it stands (ascending; none for a lexeme without positions). */
export interface DocumentLexeme {
  lexeme: string;
  rank: number;
  positions: number[];
}

const weightOf = (c: string) => (c === 'A' ? 3 : c === 'B' ? 2 : c === 'C' ? 1 : 0);

/**
 * The lexemes of a tsvector's text (`'forklift':1A,7 'oper':2A`): quotes inside a lexeme are
 * doubled, backslashes escape; positions carry their weight letter (none for D). A lexeme without
 * positions counts as one of weight D, as ts_rank counts it.
 */
export function parseTsvector(text: string | null): DocumentLexeme[] {
  const out: DocumentLexeme[] = [];
  if (!text) return out;
  const n = text.length;
  let i = 0;
  const weights: number[] = [];
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    let lexeme = '';
    if (text[i] === "'") ({ lexeme, end: i } = readQuoted(text, i));
    else while (i < n && text[i] !== ' ' && text[i] !== ':') lexeme += text[i++];
    weights.length = 0;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        let position = 0;
        while (i < n && text[i]! >= '0' && text[i]! <= '9') position = position * 10 + text.charCodeAt(i++) - 48;
        positions.push(position);
        const c = text[i];
        if (c === 'A' || c === 'B' || c === 'C' || c === 'D') {
          weights.push(weightOf(c));
          i++;
        } else weights.push(0);
        if (text[i] === ',') i++;
      }
    } else weights.push(0);
    out.push({ lexeme, rank: lexemeRank(weights), positions });
  }
  return out;
}

/**
 * The lexeme quoted at `at` in a tsquery's text (`'it''s'`, backslash escapes), and where its
 * closing quote ends; null when no complete quoted lexeme starts there.
 */
export function quotedLexeme(text: string, at: number): { lexeme: string; end: number } | null {
  if (text[at] !== "'") return null;
  const quoted = readQuoted(text, at);
  return quoted.closed ? { lexeme: quoted.lexeme, end: quoted.end } : null;
}

/** The lexeme quoted at `at` (quotes doubled inside, backslashes escape), up to its closing quote or the text's end. */
function readQuoted(text: string, at: number): { lexeme: string; end: number; closed: boolean } {
  const n = text.length;
  let i = at + 1;
  let lexeme = '';
  while (i < n) {
    const d = text[i]!;
    if (d === '\\' && i + 1 < n) {
      lexeme += text[i + 1];
      i += 2;
    } else if (d === "'") {
      if (text[i + 1] !== "'") return { lexeme, end: i + 1, closed: true };
      lexeme += "'";
      i += 2;
    } else {
      lexeme += d;
      i++;
    }
  }
  return { lexeme, end: n, closed: false };
}

/** A word of a keyword: a lexeme, or (`:*`) the start of one. */
export interface QueryTerm {
  lexeme: string;
  prefix: boolean;
  /** `!'word'`: jobs holding it are left out (web search's minus). */
  negated?: boolean;
}

/**
 * The terms of a tsquery's text when it is only words, some negated, joined by `&` (what a plain
 * keyword gives, or a web search one with a minus), else null: or and phrases are left to SQL, and
 * so is a query of negated words alone.
 */
export function parseTsquery(text: string): QueryTerm[] | null {
  const terms: QueryTerm[] = [];
  const n = text.length;
  let i = 0;
  let expectTerm = true;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ') {
      i++;
      continue;
    }
    if (expectTerm) {
      let negated = false;
      if (c === '!') {
        negated = true;
        i++;
        while (text[i] === ' ') i++;
      }
      const quoted = quotedLexeme(text, i);
      if (!quoted) return null;
      const lexeme = quoted.lexeme;
      i = quoted.end;
      let prefix = false;
      if (text[i] === ':') {
        if (text[i + 1] !== '*') return null;
        prefix = true;
        i += 2;
        // A weight restriction (`:*A`) is not something a keyword gives.
        if (i < n && text[i] !== ' ') return null;
      }
      terms.push(negated ? { lexeme, prefix, negated } : { lexeme, prefix });
      expectTerm = false;
    } else {
      if (c !== '&') return null;
      i++;
      expectTerm = true;
    }
  }
  return terms.some((t) => !t.negated) && !expectTerm ? terms : null;
}
