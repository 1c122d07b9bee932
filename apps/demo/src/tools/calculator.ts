// A small arithmetic parser for the calculator tool: numbers, + - * / %, ^ (power), parentheses and a sign. Anything
// else is refused with the reason; nothing is ever evaluated as code (no eval, no Function).

/** The expression is not arithmetic the calculator takes, or has no finite value. */
export class ArithmeticError extends Error {
  override readonly name = 'ArithmeticError';
}

export const MAX_EXPRESSION_LENGTH = 200;
const MAX_DEPTH = 32;

type Token =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'op'; readonly op: string };

function tokens(expression: string): Token[] {
  const out: Token[] = [];
  // Signs people type for multiplication, division and minus.
  const text = expression.replace(/[×·]/g, '*').replace(/÷/g, '/').replace(/−/g, '-').replace(/\*\*/g, '^');
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)/.exec(text.slice(at));
    if (number) {
      out.push({ kind: 'number', value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    if ('+-*/%^()'.includes(char)) {
      out.push({ kind: 'op', op: char });
      at++;
      continue;
    }
    throw new ArithmeticError(
      `Only numbers, + - * / % ^ and parentheses are allowed; “${char}” at position ${at + 1} is not.`,
    );
  }
  return out;
}

/** The value of an arithmetic expression such as `12*7+1` or `(2.5 + 0.5) ^ 2 / -3`. */
export function evaluateArithmetic(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    throw new ArithmeticError(`The expression is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
  const list = tokens(expression);
  if (list.length === 0) throw new ArithmeticError('The expression is empty.');
  let at = 0;
  const peek = (): Token | undefined => list[at];
  const isOp = (token: Token | undefined, ops: string): token is { kind: 'op'; op: string } =>
    token?.kind === 'op' && ops.includes(token.op);

  const sum = (depth: number): number => {
    let value = product(depth);
    while (isOp(peek(), '+-')) {
      const op = (list[at++] as { op: string }).op;
      const right = product(depth);
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };
  const product = (depth: number): number => {
    let value = power(depth);
    while (isOp(peek(), '*/%')) {
      const op = (list[at++] as { op: string }).op;
      const right = power(depth);
      if ((op === '/' || op === '%') && right === 0) throw new ArithmeticError('Division by zero.');
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  };
  const power = (depth: number): number => {
    const base = unary(depth);
    if (!isOp(peek(), '^')) return base;
    at++;
    return base ** power(depth + 1); // right-associative: 2^3^2 is 2^9
  };
  const unary = (depth: number): number => {
    if (depth > MAX_DEPTH) throw new ArithmeticError('The expression is nested too deeply.');
    const token = peek();
    if (isOp(token, '+-')) {
      at++;
      const value = unary(depth + 1);
      return token.op === '-' ? -value : value;
    }
    return primary(depth);
  };
  const primary = (depth: number): number => {
    const token = list[at++];
    if (token?.kind === 'number') return token.value;
    if (isOp(token, '(')) {
      const value = sum(depth + 1);
      if (!isOp(list[at++], ')')) throw new ArithmeticError('A parenthesis is not closed.');
      return value;
    }
    throw new ArithmeticError(
      token ? `“${token.kind === 'op' ? token.op : ''}” is out of place.` : 'The expression ends early.',
    );
  };

  const value = sum(0);
  const rest = peek();
  if (rest) throw new ArithmeticError(`“${rest.kind === 'op' ? rest.op : rest.value}” is out of place.`);
  if (!Number.isFinite(value)) throw new ArithmeticError('The result is not a finite number.');
  return value;
}

/** A result as people read it: at most 12 significant digits, so 0.1 + 0.2 is 0.3. */
export function formatNumber(value: number): string {
  const rounded = Number(value.toPrecision(12));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
