import type { ProductOption } from '@shop/contracts';
import { optionLabelKey } from '@shop/rules';

/** One option as the form holds it: the server's ids kept (a rename keeps its variants), and the value being typed. */
export interface OptionDraft {
  id?: string;
  name: string;
  values: Array<{ id?: string; label: string; swatch?: string; image?: string }>;
  /** The "Add a value" box's text, added on submit too so that nothing typed is lost. */
  pending: string;
}

/** The saved options as the form holds them. */
export function optionDrafts(options: readonly ProductOption[] | undefined): OptionDraft[] {
  return (options ?? []).map((o) => ({ id: o.id, name: o.name, values: o.values.map((v) => ({ ...v })), pending: '' }));
}

/** The drafts as the API's `options`: a value still in the "Add a value" box counts, unless the option has it already. */
export function optionsInput(drafts: readonly OptionDraft[]) {
  return drafts.map(({ id, name, values, pending }) => ({
    ...(id ? { id } : {}),
    name,
    values: withPending(values, pending),
  }));
}

/** The values with the one still in the box, unless the option has it already (case and spacing aside). */
export function withPending(values: OptionDraft['values'], pending: string): OptionDraft['values'] {
  const label = pending.trim();
  if (label === '' || values.some((v) => optionLabelKey(v.label) === optionLabelKey(label))) return values;
  return [...values, { label }];
}

/** How many variants saving makes: every combination of one value per option. */
export function combinationCount(drafts: readonly OptionDraft[]): number {
  return drafts.reduce((n, o) => n * withPending(o.values, o.pending).length, 1);
}
