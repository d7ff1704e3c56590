/**
 * The reference phrase matcher the generator uses to know which catalog entities its documents
 * mention: case-insensitive, whole words, punctuation ignored ('COVID-19' = 'covid 19').
 */

/** Lower-cased words of a text, punctuation dropped. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Start indexes where `phrase` occurs as whole words in `words`. */
export function phraseStarts(words: readonly string[], phrase: readonly string[]): number[] {
  const starts: number[] = [];
  if (phrase.length === 0) return starts;
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    starts.push(i);
  }
  return starts;
}

export interface Named {
  name: string;
  alias: readonly string[];
}

/** The names and aliases of an entity as word lists (duplicates removed). */
export function phrasesOf(entity: Named): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const p of [entity.name, ...entity.alias]) {
    const t = tokens(p);
    const key = t.join(' ');
    if (t.length && !seen.has(key)) {
      seen.add(key);
      out.push(t);
    }
  }
  return out;
}

/** One occurrence of an entity in a text, as a word span. */
export interface Mention {
  entity: string;
  start: number;
  end: number;
}

type Index = Map<string, { entity: string; phrase: string[] }[]>;
const indexes = new WeakMap<readonly Named[], Index>();

function indexOf(entities: readonly Named[]): Index {
  let index = indexes.get(entities);
  if (!index) {
    index = new Map();
    for (const e of entities) {
      for (const phrase of phrasesOf(e)) {
        const list = index.get(phrase[0]) ?? [];
        list.push({ entity: e.name, phrase });
        index.set(phrase[0], list);
      }
    }
    indexes.set(entities, index);
  }
  return index;
}

/** Every occurrence of any of the entities in the words (the phrase index is cached per entity list). */
export function findMentions(words: readonly string[], entities: readonly Named[]): Mention[] {
  const index = indexOf(entities);
  const out: Mention[] = [];
  words.forEach((w, i) => {
    for (const { entity, phrase } of index.get(w) ?? []) {
      if (phrase.every((p, j) => words[i + j] === p)) out.push({ entity, start: i, end: i + phrase.length });
    }
  });
  return out;
}
