import { ENTRY_START, lowerBound, NO_POSITIONS, REMOTE, type JobIndex, type Postings } from './store.ts';
import { quotedLexeme, type QueryTerm } from './text.ts';

/**
 * Keywords with phrases (`"customer service"` → `'custom' <-> 'servic'`) and "or" (`'nurs' |
 * 'driver'`), read from the tsquery's text and answered over the index's postings as PostgreSQL's
 * `@@` answers them: and, or, not, and phrases checked by the words' positions (TS_phrase_execute).
 * Plain words joined by `&` take the quicker path of query.ts.
 */

export type KeywordNode =
  | { op: 'term'; k: number; pid: number }
  | { op: 'not'; arg: KeywordNode }
  | { op: 'and' | 'or'; args: KeywordNode[] }
  | {
      op: 'phrase';
      left: KeywordNode;
      right: KeywordNode;
      distance: number;
      /** Lexemes the match spans, less one (the sum of the distances inside). */
      width: number;
      /** The operands the phrase needs, as bits. */
      mask: number;
      pid: number;
    };

export interface KeywordTree {
  kind: 'tree';
  /** The tsquery's text it was read from. */
  text: string;
  root: KeywordNode;
  /** The distinct words, in the order PostgreSQL's ts_rank sums them (by lexeme). */
  operands: QueryTerm[];
  /** The query's top is `&` or a phrase: ts_rank weighs how close the words stand (calc_rank_and). */
  andTop: boolean;
  /** Nodes inside phrases, each with its own buffer of positions. */
  phraseNodes: number;
  /** The operands that stand in a phrase (their positions are read). */
  inPhrase: boolean[];
}

/** Operands are bits of a slot's word (bit 31 marks the slot as read). */
const MAX_OPERANDS = 31;
const TOUCHED = 0x80000000;

/**
 * The tree of a tsquery's text as PostgreSQL writes it (priorities: `|` < `&` < `<N>` < `!`), or
 * null when the index cannot answer it: weights on a word, something other than words inside a
 * phrase, too many words, or a query that matches jobs holding none of its words (`!'a' | 'b'`).
 */
export function parseKeywordTree(text: string): KeywordTree | null {
  let i = 0;
  const n = text.length;
  const raw: { lexeme: string; prefix: boolean }[] = [];
  const skip = () => {
    while (i < n && text[i] === ' ') i++;
  };
  type Raw =
    | { op: 'term'; r: number }
    | { op: 'not'; arg: Raw }
    | { op: 'and' | 'or'; args: Raw[] }
    | { op: 'phrase'; left: Raw; right: Raw; distance: number };
  const fail = (): never => {
    throw new SyntaxError(text);
  };
  const operand = (): Raw => {
    const quoted = quotedLexeme(text, i) ?? fail();
    const lexeme = quoted.lexeme;
    i = quoted.end;
    let prefix = false;
    if (text[i] === ':') {
      // Only `:*`; a weight restriction (`:A`) is not something a keyword gives.
      if (text[i + 1] !== '*') fail();
      prefix = true;
      i += 2;
      if (i < n && !' &|)<'.includes(text[i]!)) fail();
    }
    raw.push({ lexeme, prefix });
    return { op: 'term', r: raw.length - 1 };
  };
  const unary = (): Raw => {
    skip();
    if (text[i] === '!') {
      i++;
      return { op: 'not', arg: unary() };
    }
    if (text[i] === '(') {
      i++;
      const inner = or();
      skip();
      if (text[i] !== ')') fail();
      i++;
      return inner;
    }
    return operand();
  };
  const phrase = (): Raw => {
    let left = unary();
    for (;;) {
      skip();
      if (text[i] !== '<') return left;
      const close = text.indexOf('>', i);
      if (close < 0) fail();
      const d = text.slice(i + 1, close);
      const distance = d === '-' ? 1 : /^\d+$/.test(d) ? Number(d) : fail();
      i = close + 1;
      left = { op: 'phrase', left, right: unary(), distance };
    }
  };
  const joined = (op: 'and' | 'or', sign: string, next: () => Raw) => (): Raw => {
    const args = [next()];
    for (;;) {
      skip();
      if (text[i] !== sign) break;
      i++;
      args.push(next());
    }
    return args.length === 1 ? args[0]! : { op, args };
  };
  const and = joined('and', '&', phrase);
  const or = joined('or', '|', and);

  let top: Raw;
  try {
    top = or();
    skip();
    if (i < n) return null;
  } catch {
    return null;
  }

  // Distinct words, sorted as PostgreSQL sorts a query's operands for ts_rank.
  const keyOf = (t: { lexeme: string; prefix: boolean }) => `${t.prefix ? '*' : '='}${t.lexeme}`;
  const distinct = new Map<string, QueryTerm>();
  for (const t of raw) if (!distinct.has(keyOf(t))) distinct.set(keyOf(t), { lexeme: t.lexeme, prefix: t.prefix });
  if (distinct.size > MAX_OPERANDS) return null;
  const operands = [...distinct.values()].sort((a, b) =>
    a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : Number(a.prefix) - Number(b.prefix),
  );
  const kOf = new Map(operands.map((t, k) => [keyOf(t), k]));

  let pids = 0;
  const build = (node: Raw, inPhrase: boolean): KeywordNode | null => {
    switch (node.op) {
      case 'term':
        return { op: 'term', k: kOf.get(keyOf(raw[node.r]!))!, pid: inPhrase ? pids++ : -1 };
      case 'not': {
        if (inPhrase) return null;
        const arg = build(node.arg, false);
        return arg && { op: 'not', arg };
      }
      case 'and':
      case 'or': {
        if (inPhrase) return null;
        const args = node.args.map((a) => build(a, false));
        return args.every((a) => a !== null) ? { op: node.op, args: args as KeywordNode[] } : null;
      }
      case 'phrase': {
        const left = build(node.left, true);
        const right = build(node.right, true);
        if (!left || !right) return null;
        const widthOf = (x: KeywordNode) => (x.op === 'phrase' ? x.width : 0);
        const maskOf = (x: KeywordNode) => (x.op === 'phrase' ? x.mask : x.op === 'term' ? 1 << x.k : 0);
        return {
          op: 'phrase',
          left,
          right,
          distance: node.distance,
          width: node.distance + widthOf(left) + widthOf(right),
          mask: maskOf(left) | maskOf(right),
          pid: pids++,
        };
      }
    }
  };
  const inPhrase = operands.map(() => false);
  const root = build(top, false);
  if (
    !root ||
    sourcesOf(
      root,
      operands.map(() => 1),
    ) === null
  )
    return null;
  const mark = (node: KeywordNode) => {
    if (node.op === 'term') {
      if (node.pid >= 0) inPhrase[node.k] = true;
    } else if (node.op === 'not') mark(node.arg);
    else if (node.op === 'phrase') {
      mark(node.left);
      mark(node.right);
    } else node.args.forEach(mark);
  };
  mark(root);
  return { kind: 'tree', text, root, operands, andTop: root.op === 'and' || root.op === 'phrase', phraseNodes: pids, inPhrase };
}

/**
 * Words such that every job the query matches holds one of them (the postings read in full), with
 * their total size; null when the query matches jobs holding none of its words.
 */
function sourcesOf(node: KeywordNode, sizes: readonly number[]): { ks: number[]; size: number } | null {
  switch (node.op) {
    case 'term':
      return { ks: [node.k], size: sizes[node.k]! };
    case 'not':
      return null;
    case 'or': {
      const ks: number[] = [];
      let size = 0;
      for (const a of node.args) {
        const s = sourcesOf(a, sizes);
        if (!s) return null;
        ks.push(...s.ks);
        size += s.size;
      }
      return { ks, size };
    }
    case 'and':
    case 'phrase': {
      let best: { ks: number[]; size: number } | null = null;
      const parts = node.op === 'phrase' ? [node.left, node.right] : node.args;
      for (const a of parts) {
        const s = sourcesOf(a, sizes);
        if (s && (!best || s.size < best.size)) best = s;
      }
      return best;
    }
  }
}

/**
 * Scratch reused by every search: each slot's words found and its place among the slots read, where
 * each word of a phrase starts in its postings' positions for each slot read (a word of one lexeme),
 * and positions per node of a phrase.
 */
let bits = new Uint32Array(0);
let place = new Uint32Array(0);
let starts: (Uint32Array | null)[] = [];
const buffers: Int32Array[] = [];
let lists: Postings[][] = [];

/** The node holds at slot `s` (its words are `b`). */
function holds(node: KeywordNode, s: number, b: number): boolean {
  switch (node.op) {
    case 'term':
      return ((b >>> node.k) & 1) === 1;
    case 'not':
      return !holds(node.arg, s, b);
    case 'and':
      for (const a of node.args) if (!holds(a, s, b)) return false;
      return true;
    case 'or':
      for (const a of node.args) if (holds(a, s, b)) return true;
      return false;
    case 'phrase':
      return (b & node.mask) === node.mask && phraseHolds(node, s);
  }
}

/** A phrase matches at slot `s`: two words read straight from their positions, else as positionsOf. */
function phraseHolds(node: Extract<KeywordNode, { op: 'phrase' }>, s: number): boolean {
  const { left, right } = node;
  const atL = left.op === 'term' ? starts[left.k] : null;
  const atR = right.op === 'term' ? starts[right.k] : null;
  if (!atL || !atR || left.op !== 'term' || right.op !== 'term') return positionsOf(node, s) > 0;
  const pl = lists[left.k]![0]!;
  const pr = lists[right.k]![0]!;
  const lp = pl.positions;
  const rp = pr.positions;
  let i = atL[place[s]!]!;
  let j = atR[place[s]!]!;
  if (lp[i] === NO_POSITIONS || rp[j] === NO_POSITIONS) return false;
  const li = pl.end(i);
  const rj = pr.end(j);
  let l = lp[i]! & ~ENTRY_START;
  let r = rp[j]! & ~ENTRY_START;
  const d = node.distance;
  for (;;) {
    const want = l + d;
    if (r === want) return true;
    if (r < want) {
      if (++j >= rj) return false;
      r = rp[j]!;
    } else {
      if (++i >= li) return false;
      l = lp[i]!;
    }
  }
}

function buffer(pid: number, size: number): Int32Array {
  let buf = buffers[pid];
  if (!buf || buf.length < size) {
    const next = new Int32Array(Math.max(64, size * 2));
    if (buf) next.set(buf);
    buffers[pid] = buf = next;
  }
  return buf;
}

/** Appends the positions of the entry starting at `from` to the node's buffer (holding `count`). */
function copyPositions(p: Postings, from: number, pid: number, count: number): number {
  const pos = p.positions;
  if (pos[from] === NO_POSITIONS) return count;
  const to = p.end(from);
  const buf = buffer(pid, count + to - from);
  buf[count++] = pos[from]! & ~ENTRY_START;
  for (let j = from + 1; j < to; j++) buf[count++] = pos[j]!;
  return count;
}

/**
 * Where a node inside a phrase matches at slot `s`, written ascending into its buffer; returns how
 * many. As PostgreSQL's TS_phrase_execute: a phrase's positions are where its matches end, and
 * `L <N> R` matches where R starts exactly N after L ends. A word without positions matches no phrase
 * (PostgreSQL's `@@` reads that maybe as no).
 */
function positionsOf(node: KeywordNode, s: number): number {
  if (node.op === 'term') {
    const at = starts[node.k];
    if (at) return copyPositions(lists[node.k]![0]!, at[place[s]!]!, node.pid, 0);
    let count = 0;
    let parts = 0;
    for (const p of lists[node.k]!) {
      const e = p.indexOf(s);
      if (e < 0) continue;
      count = copyPositions(p, p.start(e), node.pid, count);
      parts++;
    }
    if (parts > 1) {
      // A word typed in part: the positions of every lexeme it starts, merged.
      const buf = buffers[node.pid]!;
      buf.subarray(0, count).sort();
      let u = 0;
      for (let j = 0; j < count; j++) if (u === 0 || buf[u - 1] !== buf[j]) buf[u++] = buf[j]!;
      count = u;
    }
    return count;
  }
  if (node.op !== 'phrase') return 0;
  const nl = positionsOf(node.left, s);
  if (nl === 0) return 0;
  const nr = positionsOf(node.right, s);
  if (nr === 0) return 0;
  const left = buffers[(node.left as { pid: number }).pid]!;
  const right = buffers[(node.right as { pid: number }).pid]!;
  const out = buffer(node.pid, nr);
  const offset = node.distance + (node.right.op === 'phrase' ? node.right.width : 0);
  let count = 0;
  let j = 0;
  for (let r = 0; r < nr; r++) {
    const end = right[r]!;
    const target = end - offset;
    while (j < nl && left[j]! < target) j++;
    if (j < nl && left[j] === target) out[count++] = end;
  }
  return count;
}

/**
 * The slots matching the tree: every slot read is written to `touched` (returned: how many), a
 * matching one gets `hits[s] = 1`, and `score[s]` the sum of what each of the query's distinct
 * words adds to its rank (in PostgreSQL's order; to be divided by their number). Under a top `&` or
 * phrase, a job holding only one of several words scores 0, as ts_rank gives it the least rank.
 * Slots `may` refuses (jobs the search's place leaves out) are not read; given as slot ranges, only
 * the postings' entries inside them are read.
 */
export function matchKeywordTree(
  index: JobIndex,
  tree: KeywordTree,
  hits: Uint8Array,
  score: Float32Array,
  touched: Uint32Array,
  may: ((slot: number) => boolean) | SlotRanges | null = null,
): { touched: number; matched: number } {
  if (bits.length < index.size) {
    bits = new Uint32Array(Math.max(1024, index.size * 2));
    place = new Uint32Array(bits.length);
  }
  const { alive } = index;
  lists = tree.operands.map((t) =>
    (t.prefix ? index.lexemesStartingWith(t.lexeme) : index.postings.has(t.lexeme) ? [t.lexeme] : []).map((name) =>
      index.postings.get(name)!,
    ),
  );
  const sizes = lists.map((ls) => ls.reduce((sum, p) => sum + p.length, 0));
  const sources = sourcesOf(tree.root, sizes)!;
  let count = 0;
  const ranged = may !== null && typeof may !== 'function' && readInRanges(may, lists, sources.ks) ? may : null;
  const test = may === null ? null : typeof may === 'function' ? may : ranged ? may.test : (s: number) => inRanges(may, s);
  // The slots holding a source word: every match is among them (inside the ranges, when given).
  for (const k of new Set(sources.ks)) {
    for (const p of lists[k]!) {
      const ps = p.items;
      const mark = (i: number, n: number) => {
        for (; i < n; i++) {
          const s = ps[i]!;
          if (bits[s] !== 0 || alive[s] === 0 || (test !== null && !test(s))) continue;
          bits[s] = TOUCHED;
          score[s] = 0;
          place[s] = count;
          touched[count++] = s;
        }
      };
      if (ranged) forRanges(p, ranged, mark);
      else mark(0, p.length);
    }
  }
  // Every word, on those slots: which it holds, and its rank; for a word of a phrase, where its
  // positions start (read in the same pass, so a phrase needs no search in the postings).
  // (Bounded scratch: with very many slots read and words in phrases, the postings are searched instead.)
  const recorded = tree.inPhrase.filter(Boolean).length;
  starts = lists.map((ls, k) => (tree.inPhrase[k] && ls.length === 1 && count * recorded <= 1 << 23 ? startsFor(k, count) : null));
  for (let k = 0; k < lists.length; k++) {
    const bit = 1 << k;
    const at = starts[k];
    for (const p of lists[k]!) {
      const ps = p.items;
      const rs = p.ranks;
      const pos = p.positions;
      const used = p.used;
      // Entries i to n: the words held, their rank and, for a word of a phrase, where the entry's
      // positions start (the first from the postings' blocks, the next ones by walking on).
      const read = (i: number, n: number) => {
        let cursor = at ? p.start(i) : 0;
        for (; i < n; i++) {
          const s = ps[i]!;
          const from = cursor;
          if (at) {
            cursor++;
            while (cursor < used && pos[cursor]! < ENTRY_START) cursor++;
          }
          const b = bits[s]!;
          if (b === 0) continue;
          bits[s] = b | bit;
          score[s] = score[s]! + rs[i]!;
          if (at) at[place[s]!] = from;
        }
      };
      // Only the entries inside the ranges can hold a slot read.
      if (ranged) forRanges(p, ranged, read);
      else read(0, p.length);
    }
  }
  const flatOne = tree.andTop && tree.operands.length > 1;
  let matched = 0;
  for (let i = 0; i < count; i++) {
    const s = touched[i]!;
    const b = bits[s]!;
    bits[s] = 0;
    if (!holds(tree.root, s, b)) continue;
    hits[s] = 1;
    matched++;
    if (flatOne && (b & (b - 1) & ~TOUCHED) === 0) score[s] = 0;
  }
  lists = [];
  starts = [];
  return { touched: count, matched };
}

/** Reused arrays for where each word of a phrase starts, per slot read. */
const startArrays: Uint32Array[] = [];
function startsFor(k: number, count: number): Uint32Array {
  let a = startArrays[k];
  if (!a || a.length < count) startArrays[k] = a = new Uint32Array(Math.max(1024, count * 2));
  return a;
}

/**
 * The slots a search may read, as ranges: `from[i] <= s < to[i]` (ascending, apart), and every slot
 * from `tail` on (appended out of grid order); of those, the ones `test` accepts.
 */
export interface SlotRanges {
  from: readonly number[];
  to: readonly number[];
  tail: number;
  test: ((slot: number) => boolean) | null;
}

/** Reading by ranges pays: a search in the postings per range is far less than a walk through them. */
function readInRanges(r: SlotRanges, lists: readonly (readonly Postings[])[], ks: readonly number[]): boolean {
  let size = 0;
  for (const k of ks) for (const p of lists[k]!) size += p.length;
  return (r.from.length + 1) * 24 < size;
}

/** The slot lies in the ranges, and the test accepts it. */
function inRanges(r: SlotRanges, s: number): boolean {
  if (s < r.tail) {
    const { from, to } = r;
    // The ranges starting at s or before (slots are whole numbers).
    const lo = lowerBound(from, s + 1, 0, from.length);
    if (lo === 0 || s >= to[lo - 1]!) return false;
  }
  return r.test === null || r.test(s);
}

/** The first entry of `p` whose slot is `slot` or more, searched from entry `lo`. */
function firstFrom(p: Postings, slot: number, lo: number): number {
  return lowerBound(p.items, slot, lo, p.length);
}

/** The entries of `p` inside the ranges, a run at a time: `read(first, end)`. */
function forRanges(p: Postings, r: SlotRanges, read: (first: number, end: number) => void) {
  let i = 0;
  const { from, to, tail } = r;
  for (let k = 0; k < from.length && from[k]! < tail; k++) {
    i = firstFrom(p, from[k]!, i);
    const n = firstFrom(p, Math.min(to[k]!, tail), i);
    if (n > i) read(i, n);
    i = n;
  }
  i = firstFrom(p, tail, i);
  if (i < p.length) read(i, p.length);
}

/**
 * Plain words (query.ts): the slots holding every word of `words` (each a word's postings, a prefix's
 * several) and none of `excluded`, as matchKeywordTree gives them: each slot read is written to
 * `touched`, `hits[s]` counts the words it holds (255: it holds an excluded one), `score[s]` sums
 * what each adds to the rank. A match holds them all (`hits[s] === words.length`). The first word's
 * slots that `may` refuses are not read; given as slot ranges, only the postings' entries inside
 * them are read, for every word.
 */
export function matchWords(
  index: JobIndex,
  words: readonly (readonly Postings[])[],
  excluded: readonly Postings[],
  hits: Uint8Array,
  score: Float32Array,
  touched: Uint32Array,
  may: ((slot: number) => boolean) | SlotRanges | null = null,
): { touched: number; matched: number } {
  const { alive } = index;
  let count = 0;
  const ranged = may !== null && typeof may !== 'function' && readInRanges(may, words, [0]) ? may : null;
  const test = may === null ? null : typeof may === 'function' ? may : ranged ? may.test : (s: number) => inRanges(may, s);
  for (let t = 0; t < words.length; t++) {
    for (const p of words[t]!) {
      const ps = p.items;
      const rs = p.ranks;
      const read = (i: number, n: number) => {
        for (; i < n; i++) {
          const s = ps[i]!;
          const h = hits[s]!;
          if (h === t) {
            if (t === 0) {
              if (alive[s] === 0 || (test !== null && !test(s))) continue;
              touched[count++] = s;
              score[s] = 0;
            }
            hits[s] = t + 1;
            score[s] = score[s]! + rs[i]!;
          } else if (h === t + 1) score[s] = score[s]! + rs[i]!;
        }
      };
      if (ranged) forRanges(p, ranged, read);
      else read(0, p.length);
    }
  }
  // A negated word leaves out the jobs holding it.
  const all = words.length;
  for (const p of excluded) {
    const ps = p.items;
    const leaveOut = (i: number, n: number) => {
      for (; i < n; i++) if (hits[ps[i]!] === all) hits[ps[i]!] = 255;
    };
    if (ranged) forRanges(p, ranged, leaveOut);
    else leaveOut(0, p.length);
  }
  let matched = 0;
  for (let i = 0; i < count; i++) if (hits[touched[i]!] === all) matched++;
  return { touched: count, matched };
}

/**
 * The remote jobs matching a keyword, the same whatever the place: kept per index for the latest
 * keywords, as the slots up to `size` that matched and their scores (slots are never rewritten: a
 * job written again gets a new slot; a removed one is told by `alive`). Slots appended since are
 * read when next asked for.
 */
export interface RemoteMatches {
  numbering: number;
  size: number;
  slots: number[];
  scores: number[];
  /** Positions in `slots`, best score first (see byScore). */
  best?: Uint32Array;
}

/** The kept matches' positions, best score first (ties in slot order); sorted again once matches were added. */
export function byScore(matches: RemoteMatches): Uint32Array {
  const { scores } = matches;
  if (matches.best?.length !== scores.length) {
    const order = Uint32Array.from(scores.keys());
    order.sort((a, b) => scores[b]! - scores[a]! || a - b);
    matches.best = order;
  }
  return matches.best;
}
const KEPT_KEYWORDS = 64;
const keptRemote = new WeakMap<JobIndex, Map<string, RemoteMatches>>();

/**
 * The remote jobs a keyword matches (dead ones included: the caller checks `alive`), with their
 * scores: `read` matches the slots it is given (as matchKeywordTree or matchWords, into the same
 * scratch), and `matches` tells a match by its hits. `hits`, `score`, `touched` are left with every
 * hit cleared.
 */
function keptRemoteMatches(
  index: JobIndex,
  key: string,
  scratch: { hits: Uint8Array; score: Float32Array; touched: Uint32Array },
  read: (may: SlotRanges) => number,
  matches: (hit: number) => boolean,
): RemoteMatches {
  let kept = keptRemote.get(index);
  if (!kept) keptRemote.set(index, (kept = new Map()));
  let entry = kept.get(key);
  if (entry && entry.numbering !== index.numbering) entry = undefined;
  if (entry) kept.delete(key);
  else {
    entry = { numbering: index.numbering, size: 0, slots: [], scores: [] };
    if (kept.size >= KEPT_KEYWORDS) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, entry);
  if (entry.size < index.size) {
    const { flags } = index;
    const { hits, score, touched } = scratch;
    const n = read({ from: [], to: [], tail: entry.size, test: (s) => (flags[s]! & REMOTE) !== 0 });
    for (let i = 0; i < n; i++) {
      const s = touched[i]!;
      if (matches(hits[s]!)) {
        entry.slots.push(s);
        entry.scores.push(score[s]!);
      }
      hits[s] = 0;
    }
    entry.size = index.size;
  }
  return entry;
}

/** The remote jobs matching the tree, with their scores as matchKeywordTree gives them (see keptRemoteMatches). */
export function remoteMatches(
  index: JobIndex,
  tree: KeywordTree,
  hits: Uint8Array,
  score: Float32Array,
  touched: Uint32Array,
): RemoteMatches {
  const read = (may: SlotRanges) => matchKeywordTree(index, tree, hits, score, touched, may).touched;
  return keptRemoteMatches(index, tree.text, { hits, score, touched }, read, (hit) => hit !== 0);
}

/** The remote jobs holding every word and no excluded one, with their scores as matchWords gives them; `key` names the words. */
export function remoteWordMatches(
  index: JobIndex,
  key: string,
  words: readonly (readonly Postings[])[],
  excluded: readonly Postings[],
  hits: Uint8Array,
  score: Float32Array,
  touched: Uint32Array,
): RemoteMatches {
  const read = (may: SlotRanges) => matchWords(index, words, excluded, hits, score, touched, may).touched;
  return keptRemoteMatches(index, `words ${key}`, { hits, score, touched }, read, (hit) => hit === words.length);
}
