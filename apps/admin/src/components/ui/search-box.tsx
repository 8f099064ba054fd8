import { SearchInput } from './input';

interface SearchBoxProps {
  id: string;
  /** Said by the placeholder on screen, and by the hidden label to screen readers ("Search for an order"). */
  label: string;
  value: string;
  onValue: (value: string) => void;
}

/** A list's search box whose placeholder is its name. */
export function SearchBox({ id, label, value, onValue }: SearchBoxProps) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <SearchInput id={id} placeholder={label} value={value} onValue={onValue} />
    </>
  );
}
