import { DEFAULT_LABELS } from '@ctxkit/core/view';
import { expect, test } from 'vitest';
import reference from '../../docs/localization.md?raw';

type Labels = { readonly [key: string]: string | Labels };

/** Every label's key path, a plural label (an object with `other`) counted as one. */
function keysOf(labels: Labels, path: readonly string[] = []): string[] {
  return Object.entries(labels).flatMap(([key, value]) =>
    typeof value === 'string' || 'other' in value
      ? [[...path, key].join('.')]
      : keysOf(value, [...path, key]),
  );
}

test('the localization reference lists every label the kit renders', () => {
  const keys = keysOf(DEFAULT_LABELS as unknown as Labels);
  expect(keys.length).toBeGreaterThan(250);
  expect(keys.filter((key) => !reference.includes(`\`${key}\``))).toEqual([]);
});
