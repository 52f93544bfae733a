/**
 * Finds skills of the taxonomy named in a text: case-insensitive, whole words and phrases
 * ("Java" is not found in "JavaScript", "project management" spans a line break). Text and
 * skill names are cut into the same tokens, and every run of up to the longest name's length
 * is looked up in a map, so the cost grows with the text, not with the size of the taxonomy.
 */
export function findSkills(text: string, skills: ReadonlyArray<{ id: number; name: string }>): number[] {
  const byPhrase = new Map<string, number[]>();
  let longest = 1;
  for (const skill of skills) {
    const words = tokens(skill.name);
    if (!words.length) continue;
    longest = Math.max(longest, Math.min(words.length, 8));
    const key = words.join(' ');
    const ids = byPhrase.get(key);
    if (ids) ids.push(skill.id);
    else byPhrase.set(key, [skill.id]);
  }
  const found = new Set<number>();
  const words = tokens(text);
  for (let i = 0; i < words.length; i += 1) {
    let key = '';
    for (let n = 0; n < longest && i + n < words.length; n += 1) {
      key = n ? `${key} ${words[i + n]}` : words[i]!;
      const ids = byPhrase.get(key);
      if (ids) for (const id of ids) found.add(id);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Lower-case words. `+`, `#` and inner dots belong to a word, so C++, C#, Node.js and ASP.NET
 * stay whole; a dot that ends a sentence does not, nor does punctuation, so "(Python)," is
 * "python". Hyphens and slashes separate, in names and text alike.
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)) {
    let word = raw.replace(/\.+$/, '');
    // "...python" is an ellipsis, ".net" a name.
    if (/^\.{2,}/.test(word)) word = word.replace(/^\.+/, '');
    if (word) out.push(word);
  }
  return out;
}
