import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * The header search: Enter or Go opens /products/{text} (all products when the box is empty). A plain GET form
 * (`/products?q=`, which the products route redirects to /products/{text}) before the app runs; inside the app
 * the router moves without a page load.
 */
export function NavSearch({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const query = String(new FormData(form).get('q') ?? '').trim();
    void navigate(query ? paths.productSearch(query) : paths.products);
    form.reset();
    onSearch?.();
  };

  return (
    <form className="nav-search" role="search" aria-label="Site" action={paths.products} method="get" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        id={inputId}
        name="q"
        className="input nav-search__input"
        type="search"
        placeholder="search here"
        maxLength={100}
        enterKeyHint="search"
      />
      <button type="submit" className="nav-search__go">
        Go
      </button>
    </form>
  );
}
