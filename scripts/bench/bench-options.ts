import { parseArgs } from 'node:util';

/**
 * A benchmark's command-line options (`--seconds 30`): `numbers` and `texts` name each option with its default,
 * and the answer holds what the run uses, the numbers as numbers.
 */
export function benchOptions<N extends string, T extends string = never>(numbers: Record<N, number>, texts?: Record<T, string>): Record<N, number> & Record<T, string> {
  const defaults: Record<string, string> = { ...Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, String(value)])), ...texts };
  const { values } = parseArgs({ options: Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, { type: 'string' as const, default: value }])) });
  return Object.fromEntries(Object.keys(defaults).map((name) => [name, name in numbers ? Number(values[name]) : values[name]])) as Record<N, number> & Record<T, string>;
}
