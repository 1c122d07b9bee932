const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does for from has have how i if in into is it its me my of on or ' +
    'our please should so than that the their them then there these they this to us was we what when where which ' +
    'who why will with would you your'
  ).split(' '),
);

/** A light stemmer: folds plurals and a few common suffixes so "tests", "testing" and "tested" meet. */
function stem(term: string): string {
  if (term.length > 5 && term.endsWith('ing')) return term.slice(0, -3);
  if (term.length > 4 && term.endsWith('ed')) return term.slice(0, -2);
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length > 3 && term.endsWith('s') && !term.endsWith('ss')) return term.slice(0, -1);
  return term;
}

/** Terms of a text: identifiers split (camelCase, snake_case, paths), lower-cased, stop words dropped, stemmed. */
export function tokenize(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  const terms: string[] = [];
  for (const raw of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    terms.push(stem(raw));
  }
  return terms;
}
