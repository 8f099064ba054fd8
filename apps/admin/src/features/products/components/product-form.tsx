import type { Product } from '@shop/contracts';
import { type ProductInput, ProductInputSchema } from '@shop/rules';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/money-input';
import { ImageField } from '../../../components/ui/image-field';
import './product-form.css';

interface Values {
  name: string;
  price: string;
  oldprice: string;
  image: string;
  sub1: string;
  sub2: string;
  sub3: string;
  description: string;
  countInStock: string;
  promotext: string;
  type: string;
}

type FieldName = 'name' | 'price' | 'oldprice' | 'image' | 'subimages' | 'description' | 'countInStock' | 'promotext' | 'type';
type Errors = Partial<Record<FieldName, string>>;

function initialValues(product?: Product): Values {
  const money = (n: number | undefined) => (n ? formatMoneyInput(String(n)) : '');
  return {
    name: product?.name ?? '',
    price: money(product?.price),
    oldprice: money(product?.oldprice),
    image: product?.image ?? '',
    sub1: product?.subimages[0] ?? '',
    sub2: product?.subimages[1] ?? '',
    sub3: product?.subimages[2] ?? '',
    description: product?.description ?? '',
    countInStock: product ? String(product.countInStock) : '',
    promotext: product?.promotext ?? '',
    type: product?.type ?? '',
  };
}

/** The form's text as the API's input; the checking itself is the shared ProductInputSchema. */
function toInput(values: Values): unknown {
  const number = (text: string) => (text.trim() === '' ? undefined : parseMoneyInput(text));
  return {
    name: values.name,
    price: number(values.price),
    oldprice: number(values.oldprice) ?? 0,
    image: values.image.trim() || undefined,
    subimages: [values.sub1, values.sub2, values.sub3].map((s) => s.trim()).filter(Boolean),
    description: values.description,
    countInStock: values.countInStock.trim() === '' ? undefined : Number(values.countInStock),
    promotext: values.promotext,
    type: values.type,
  };
}

function validate(values: Values): { input?: ProductInput; errors: Errors } {
  const result = ProductInputSchema.safeParse(toInput(values));
  if (result.success) return { input: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

interface ProductFormProps {
  product?: Product;
  submitLabel: string;
  onSubmit: (input: ProductInput) => void;
  /** Extra controls beside the submit button (e.g. delete). */
  actions?: ReactNode;
}

/** The admin product form (spec section 5): required fields, promotext 6, price reformatting, sub images in turn. */
export function ProductForm({ product, submitLabel, onSubmit, actions }: ProductFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's message goes as soon as it is changed; the next submit checks it again.
    const field: FieldName = name === 'sub1' || name === 'sub2' || name === 'sub3' ? 'subimages' : name;
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(values);
    setErrors(checked.errors);
    if (checked.input) onSubmit(checked.input);
    else event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  const text = (name: 'name' | 'type' | 'promotext' | 'countInStock', label: string, extra: ComponentProps<'input'> = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input"
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set(name)(e.target.value)}
        {...extra}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  const money = (name: 'price' | 'oldprice', label: string, required: boolean) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input"
        inputMode="decimal"
        required={required}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set(name)(e.target.value)}
        onBlur={(e) => set(name)(formatMoneyInput(e.target.value))}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="product-form card" onSubmit={submit} noValidate>
      <div className="product-form__grid">
        {text('name', 'Name', { required: true, maxLength: 200 })}
        {text('type', 'Type', { required: true, maxLength: 60 })}
        {money('price', 'Price (TT$)', true)}
        {money('oldprice', 'Old Price (TT$)', false)}
        {text('countInStock', 'Count In Stock', { required: true, inputMode: 'numeric', type: 'number', min: 0, step: 1 })}
        {text('promotext', 'Promotion Text (max 6)', { maxLength: 6 })}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="field__input"
          rows={6}
          required
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => set('description')(e.target.value)}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className="field__error">
            {errors.description}
          </p>
        )}
      </div>
      <ImageField label="Main Image" required value={values.image} onChange={set('image')} error={errors.image} />
      <ImageField label="Sub Image 1" value={values.sub1} onChange={set('sub1')} error={errors.subimages} />
      {/* Sub Image 2 appears once Sub Image 1 is set, Sub Image 3 once Sub Image 2 is (spec section 4). */}
      {(values.sub1 || values.sub2) && <ImageField label="Sub Image 2" value={values.sub2} onChange={set('sub2')} />}
      {(values.sub2 || values.sub3) && <ImageField label="Sub Image 3" value={values.sub3} onChange={set('sub3')} />}
      <div className="product-form__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
