import { ADMIN_PRODUCT_SORTS } from '@shop/rules';
import { type FormEvent, useId, useRef } from 'react';
import { Form, useSubmit } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { DEFAULT_PRODUCT_SORT, type ProductListQuery, SORT_LABELS } from '../utils/product-list-query';
import { useFollowingState } from '../../../lib/use-following-state';
import { type Choice, SelectField } from '../../../components/ui/select-field';
import { SearchInput } from '../../../components/ui/input';

type Chosen = 'type' | 'stock' | 'visibility' | 'sort';

const STOCK_CHOICES: Choice[] = [
  ['', 'Any stock'],
  ['in', 'In stock'],
  ['low', 'Running low'],
  ['out', 'Out of stock'],
];
const VISIBILITY_CHOICES: Choice[] = [
  ['', 'All'],
  ['visible', 'Visible in shop'],
  ['hidden', 'Hidden (drafts)'],
];
const SORT_CHOICES = ADMIN_PRODUCT_SORTS.map((sort): Choice => [sort, SORT_LABELS[sort]]);

interface ProductFiltersProps {
  query: ProductListQuery;
  types: string[];
}

/**
 * Search, filters and sort of the owner's list (issue 26) as a plain GET form: the URL holds them, so a reload or a
 * shared link shows the same list. A changed choice applies at once; typing applies with Enter or "Search".
 */
export function ProductFilters({ query, types }: ProductFiltersProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  // The form follows the URL when it changes from outside (back button, "Clear filters", a pager link).
  const [values, setValues] = useFollowingState(query);

  /** Sends the form as it is, without the empty choices and the default sort, so the URL stays short. */
  function apply(target: HTMLFormElement, changed?: { name: string; value: string }) {
    const data = new FormData(target);
    if (changed) data.set(changed.name, changed.value);
    for (const [key, value] of [...data.entries()]) {
      if (value === '' || (key === 'sort' && value === DEFAULT_PRODUCT_SORT)) data.delete(key);
    }
    void submit(data, { method: 'get', action: paths.products });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  const choose = (name: Chosen) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (form.current) apply(form.current, { name, value });
  };

  /** A filter or the sort: a change applies at once. */
  const choice = (name: Chosen, label: string, choices: readonly Choice[]) => (
    <SelectField id={`${id}-${name}`} className="product-filters__choice" label={label} name={name} value={values[name]} onValue={choose(name)} choices={choices} />
  );

  const typeChoices = values.type && !types.includes(values.type) ? [...types, values.type] : types;

  return (
    <Form ref={form} className="product-filters" role="search" aria-label="Products" method="get" action={paths.products} onSubmit={onSubmit}>
      <div className="product-filters__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search by name or type
        </label>
        <div className="product-filters__search-row">
          <SearchInput id={`${id}-q`} name="q" placeholder="Search for a product" value={values.q} onValue={(q) => setValues((v) => ({ ...v, q }))} />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </div>
      {choice('type', 'Type', [['', 'All types'], ...typeChoices.map((type) => [type, type] as const)])}
      {choice('stock', 'Stock', STOCK_CHOICES)}
      {choice('visibility', 'Shown in shop', VISIBILITY_CHOICES)}
      {choice('sort', 'Sort by', SORT_CHOICES)}
    </Form>
  );
}
