import type { ProductSummary, VariantFields } from '@shop/contracts';
import { RESTOCK_MAX_QTY, RESTOCK_REASON_MAX } from '@shop/rules';
import { toast } from '@shop/web-ui';
import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router-dom';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths } from '../../../config/paths';
import { errorAria } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { wholeNumber } from '../../../components/ui/input';

/** What the restock screen's action answers for one product's "+N" form. */
export type RestockFormResult =
  | { ok: true; product: string; added: number; name: string; countInStock: number }
  | { ok: false; product: string; message: string };

/**
 * "+N" on one product, or on one of its variants (issue 28: the list names each variant out or low), (issue 26): how
 * many arrived and, if the owner wants, why. A real form posted to the restock
 * screen's action (Enter submits it, the browser checks the number first); the server adds the stock and records
 * the movement, and the list reloads.
 */
export function RestockForm({ product }: { product: ProductSummary & VariantFields }) {
  const id = useId();
  const fetcher = useFetcher<RestockFormResult>({ key: `restock-${product._id}-${product.variant ?? ''}` });
  const form = useRef<HTMLFormElement>(null);
  // The answer is there as soon as the action is done, while the list reloads: a product restocked past the
  // threshold leaves the list with that reload, so the toast cannot wait for it.
  const result = fetcher.data;
  const failed = result && !result.ok && fetcher.state !== 'submitting' ? result.message : null;

  useEffect(() => {
    if (result?.ok) {
      toast(`Added ${result.added} to ${result.name}: ${result.countInStock} in stock now`);
      form.current?.reset();
    }
  }, [result]);

  return (
    <fetcher.Form ref={form} method="post" action={paths.restock} className="restock-form" aria-label={`Add stock to ${product.name}`}>
      <input type="hidden" name="product" value={product._id} />
      {product.variant ? <input type="hidden" name="variant" value={product.variant} /> : null}
      <div className="restock-form__fields">
        <TextField
          id={`${id}-qty`}
          className="restock-form__qty"
          label="Quantity"
          name="qty"
          {...wholeNumber(1, RESTOCK_MAX_QTY)}
          required
          placeholder="e.g. 10"
          {...errorAria(`${id}-error`, failed)}
        />
        <TextField id={`${id}-reason`} className="restock-form__reason" label="Reason (optional)" name="reason" type="text" maxLength={RESTOCK_REASON_MAX} placeholder="e.g. delivery" />
      </div>
      <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
        {fetcher.state === 'idle' ? 'Add to stock' : 'Adding…'}
      </button>
      <FormAlert id={`${id}-error`} message={failed} />
    </fetcher.Form>
  );
}
