/** Joins class names, skipping empty ones. */
export function cx(...names: readonly (string | false | null | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}
