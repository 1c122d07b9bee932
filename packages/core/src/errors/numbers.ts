// Error messages are English and give token counts as the kit's meter writes them in its default locale (9,203, not
// 9203), so the number a user reads in an error is the one the meter showed. A leaf: the view's formats build on
// the planner's types, and every floor throws these errors.
const counts = new Intl.NumberFormat('en');

/** A count of tokens (or anything) in an error message: 9,203. */
export function formatCount(value: number): string {
  return counts.format(value);
}
