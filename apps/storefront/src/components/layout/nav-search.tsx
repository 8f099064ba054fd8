import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The header search: Enter or Go opens /products/{text} (all products when the box is empty). */
export function NavSearch({ onSearch }: { onSearch?: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    void navigate(query ? paths.productSearch(query) : paths.products);
    setText('');
    onSearch?.();
  };

  return (
    <form className="nav-search" role="search" aria-label="Site" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        id={inputId}
        className="nav-search__input"
        type="search"
        placeholder="search here"
        value={text}
        maxLength={100}
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="nav-search__go">
        Go
      </button>
    </form>
  );
}
