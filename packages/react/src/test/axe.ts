import axe from 'axe-core';

/** Runs axe on an element and returns its violations as readable lines (empty when there are none). */
export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { resultTypes: ['violations'] });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
