import { ADMIN_PRODUCT_SORTS } from '@shop/rules';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { DEFAULT_PRODUCT_SORT, type ProductListQuery, SORT_LABELS } from '../utils/product-list-query';

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
  const [values, setValues] = useState(query);
  // The form follows the URL when it changes from outside (back button, "Clear filters", a pager link).
  const [valuesOf, setValuesOf] = useState(query);
  if (valuesOf !== query) {
    setValuesOf(query);
    setValues(query);
  }

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

  const choose = (name: 'type' | 'stock' | 'visibility' | 'sort') => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (form.current) apply(form.current, { name, value });
  };

  const typeChoices = values.type && !types.includes(values.type) ? [...types, values.type] : types;

  return (
    <Form ref={form} className="product-filters" role="search" aria-label="Products" method="get" action={paths.products} onSubmit={onSubmit}>
      <div className="product-filters__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search by name or type
        </label>
        <div className="product-filters__search-row">
          <input
            id={`${id}-q`}
            className="field__input"
            type="search"
            name="q"
            placeholder="Search for a product"
            maxLength={100}
            value={values.q}
            onChange={(e) => setValues((v) => ({ ...v, q: e.target.value }))}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </div>
      <div className="product-filters__choice">
        <label className="field__label" htmlFor={`${id}-type`}>
          Type
        </label>
        <select id={`${id}-type`} className="field__input" name="type" value={values.type} onChange={(e) => choose('type')(e.target.value)}>
          <option value="">All types</option>
          {typeChoices.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="product-filters__choice">
        <label className="field__label" htmlFor={`${id}-stock`}>
          Stock
        </label>
        <select id={`${id}-stock`} className="field__input" name="stock" value={values.stock} onChange={(e) => choose('stock')(e.target.value)}>
          <option value="">Any stock</option>
          <option value="in">In stock</option>
          <option value="low">Running low</option>
          <option value="out">Out of stock</option>
        </select>
      </div>
      <div className="product-filters__choice">
        <label className="field__label" htmlFor={`${id}-visibility`}>
          Shown in shop
        </label>
        <select
          id={`${id}-visibility`}
          className="field__input"
          name="visibility"
          value={values.visibility}
          onChange={(e) => choose('visibility')(e.target.value)}
        >
          <option value="">All</option>
          <option value="visible">Visible in shop</option>
          <option value="hidden">Hidden (drafts)</option>
        </select>
      </div>
      <div className="product-filters__choice">
        <label className="field__label" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select id={`${id}-sort`} className="field__input" name="sort" value={values.sort} onChange={(e) => choose('sort')(e.target.value)}>
          {ADMIN_PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </Form>
  );
}
