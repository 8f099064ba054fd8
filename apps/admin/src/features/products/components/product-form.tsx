import type { Product } from '@shop/contracts';
import { MAX_PRODUCT_PICTURES, type ProductInput, ProductInputSchema, sameProductType } from '@shop/rules';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/money-input';
import { ImageField } from '../../../components/ui/image-field';
import { NEW_TYPE, TypeField } from './type-field';
import { OptionsEditor } from './options-editor';
import { type OptionDraft, optionDrafts, optionsInput } from '../utils/option-drafts';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { wholeNumber } from '../../../components/ui/input';
import './product-form.css';

/** The extra pictures besides the main one (five in all). */
const SUB_COUNT = MAX_PRODUCT_PICTURES - 1;

interface Values {
  name: string;
  price: string;
  oldprice: string;
  image: string;
  subs: string[];
  description: string;
  countInStock: string;
  promotext: string;
  /** The type select: a type, '' or NEW_TYPE. */
  typeChoice: string;
  newType: string;
  ingredients: string;
  howToUse: string;
  size: string;
  suitedFor: string;
  visible: boolean;
  /** Issue 28: Size, Shade, Scent; none for a product sold one way. */
  options: OptionDraft[];
}

type TextName = 'name' | 'promotext' | 'countInStock' | 'size' | 'suitedFor';
type FieldName = keyof ProductInput;
type Errors = Partial<Record<FieldName, string>>;

function initialValues(product?: Product): Values {
  const money = (n: number | undefined) => (n ? formatMoneyInput(String(n)) : '');
  return {
    name: product?.name ?? '',
    price: money(product?.price),
    oldprice: money(product?.oldprice),
    image: product?.image ?? '',
    subs: Array.from({ length: SUB_COUNT }, (_, i) => product?.subimages[i] ?? ''),
    description: product?.description ?? '',
    countInStock: product ? String(product.countInStock) : '',
    promotext: product?.promotext ?? '',
    typeChoice: product?.type ?? '',
    newType: '',
    ingredients: product?.ingredients ?? '',
    howToUse: product?.howToUse ?? '',
    size: product?.size ?? '',
    suitedFor: product?.suitedFor ?? '',
    // A new product is on sale unless the owner saves it as a draft.
    visible: product?.visible ?? true,
    options: optionDrafts(product?.options),
  };
}

/** The form's text as the API's input; the checking itself is the shared ProductInputSchema. */
function toInput(values: Values, types: string[]): unknown {
  const number = (text: string) => (text.trim() === '' ? undefined : parseMoneyInput(text));
  const withOptions = values.options.length > 0;
  const type = values.typeChoice === NEW_TYPE ? (sameProductType(types, values.newType) ?? values.newType) : values.typeChoice;
  return {
    name: values.name,
    price: number(values.price),
    oldprice: number(values.oldprice) ?? 0,
    image: values.image.trim() || undefined,
    subimages: values.subs.map((s) => s.trim()).filter(Boolean),
    description: values.description,
    // With options each variant has its own stock (the grid's); the product's count is not read.
    countInStock: values.countInStock.trim() === '' ? (withOptions ? 0 : undefined) : Number(values.countInStock),
    promotext: values.promotext,
    type,
    ingredients: values.ingredients,
    howToUse: values.howToUse,
    size: values.size,
    suitedFor: values.suitedFor,
    visible: values.visible,
    options: optionsInput(values.options),
  };
}

function validate(values: Values, types: string[]): { input?: ProductInput; errors: Errors } {
  const result = ProductInputSchema.safeParse(toInput(values, types));
  if (result.success) return { input: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    // Issue 28: a message about an option or a value is shown under the options.
    const field = (issue.path[0] === 'variants' ? 'options' : issue.path[0]) as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

interface ProductFormProps {
  product?: Product;
  /** The types the shop has, hidden products' too (issue 26: the type is chosen from them). */
  types: string[];
  submitLabel: string;
  /** The submit button's label while "Visible in shop" is off, if it differs (e.g. "Save as Draft"). */
  draftLabel?: string;
  onSubmit: (input: ProductInput) => void;
  /** Extra controls beside the submit button (e.g. delete). */
  actions?: ReactNode;
}

/**
 * The admin product form (spec section 5; issue 26): required fields, a type from the list, a promotion label of 6,
 * price reformatting, up to five pictures in turn, the details shoppers read, and whether it is in the shop.
 */
export function ProductForm({ product, types, submitLabel, draftLabel, onSubmit, actions }: ProductFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [errors, setErrors] = useState<Errors>({});
  // The product's own type is a choice even if no other product has it any more.
  const typeChoices = product && !types.includes(product.type) ? [...types, product.type].sort() : types;

  function change<K extends keyof Values>(name: K, value: Values[K], field: FieldName) {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's message goes as soon as it is changed; the next submit checks it again.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }
  const set = (name: TextName | 'price' | 'oldprice' | 'image' | 'description' | 'ingredients' | 'howToUse') => (value: string) =>
    change(name, value, name);
  const setSub = (index: number) => (value: string) =>
    change(
      'subs',
      values.subs.map((s, i) => (i === index ? value : s)),
      'subimages',
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(values, typeChoices);
    setErrors(checked.errors);
    if (checked.input) onSubmit(checked.input);
    else event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** What every field of the form shares: its id, label, hint and error under it, and its value. */
  const field = (name: TextName | 'price' | 'oldprice' | 'description' | 'ingredients' | 'howToUse', label: string, hint?: string) =>
    ({ id: `${id}-${name}`, label, hint, hintBelow: true, error: errors[name], value: values[name], onValue: set(name) }) as const;

  const text = (name: TextName, label: string, extra: ComponentProps<'input'> = {}, hint?: string) => <TextField {...field(name, label, hint)} {...extra} />;

  const area = (name: 'description' | 'ingredients' | 'howToUse', label: string, rows: number, required = false, hint?: string) => (
    <TextAreaField {...field(name, label, hint)} rows={rows} required={required} />
  );

  const money = (name: 'price' | 'oldprice', label: string, required: boolean, hint?: string) => (
    <TextField {...field(name, label, hint)} inputMode="decimal" required={required} onBlur={(e) => set(name)(formatMoneyInput(e.target.value))} />
  );

  // Sub Image 2 appears once Sub Image 1 is set, and so on (spec section 4), up to five pictures in all.
  const withOptions = values.options.length > 0;
  const shownSubs = Math.max(...values.subs.map((sub, i) => (i === 0 || values.subs[i - 1] || sub ? i + 1 : 0)));

  return (
    <form className="product-form card" onSubmit={submit} noValidate>
      <div className="field product-form__visible">
        <div className="product-form__check">
          <input
            id={`${id}-visible`}
            type="checkbox"
            checked={values.visible}
            aria-describedby={`${id}-visible-hint`}
            onChange={(e) => change('visible', e.target.checked, 'visible')}
          />
          <label htmlFor={`${id}-visible`}>Visible in shop</label>
        </div>
        <p id={`${id}-visible-hint`} className="field__hint">
          {values.visible
            ? 'Shoppers can find and buy it. Turn this off to keep it as a draft.'
            : 'Hidden: a draft. Shoppers cannot see, find or buy it until you turn this on.'}
        </p>
      </div>
      <div className="product-form__grid">
        {text('name', 'Name', { required: true, maxLength: 200 })}
        <TypeField
          types={typeChoices}
          choice={values.typeChoice}
          newType={values.newType}
          error={errors.type}
          onChange={({ choice, newType }) => {
            setValues((v) => ({ ...v, typeChoice: choice, newType }));
            setErrors((e) => (e.type ? { ...e, type: undefined } : e));
          }}
        />
        {money('price', 'Price (TT$)', true, withOptions ? 'What a new variant starts at; each variant has its own price below.' : undefined)}
        {money('oldprice', 'Old Price (TT$)', false, 'Shown crossed out beside the price; leave empty when there is none.')}
        {/* With options each variant has its own stock, set in the variants grid. */}
        {withOptions ? null : text('countInStock', 'Count In Stock', { required: true, ...wholeNumber(0) })}
        {text('promotext', 'Promotion label', { maxLength: 6 }, 'A short label on the picture, at most 6 characters, e.g. NEW')}
      </div>
      {area('description', 'Description', 6, true)}

      <fieldset className="product-form__section">
        <legend>Pictures (up to {MAX_PRODUCT_PICTURES})</legend>
        <ImageField label="Main Image" required value={values.image} onChange={set('image')} error={errors.image} />
        {values.subs.slice(0, shownSubs).map((value, i) => (
          <ImageField key={i} label={`Sub Image ${i + 1}`} value={value} onChange={setSub(i)} error={i === 0 ? errors.subimages : undefined} />
        ))}
      </fieldset>

      <OptionsEditor
        options={values.options}
        onChange={(options) => change('options', options, 'options')}
        error={errors.options}
      />

      <fieldset className="product-form__section">
        <legend>Details for shoppers</legend>
        <p className="field__hint">Shown on the product page when filled in.</p>
        {area('ingredients', 'Ingredients', 3)}
        {area('howToUse', 'How to use', 3)}
        <div className="product-form__grid">
          {text('size', 'Size', { maxLength: 60 }, 'e.g. 250 ml jar')}
          {text('suitedFor', 'Hair or skin type it suits', { maxLength: 200 }, 'e.g. Thick curls and coils, dry hair')}
        </div>
      </fieldset>

      <div className="product-form__actions">
        <button type="submit" className="button">
          {values.visible || !draftLabel ? submitLabel : draftLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
