import { adminUpdateProduct, adminVariantsBulk, errorMessage } from '@shop/api-client';
import type { ActionFunctionArgs } from 'react-router-dom';
import {
  type BulkIntent,
  bulkDoneText,
  readBulk,
  readProductBase,
  readVariantGrid,
  rowsNamedIn,
  type VariantGridIntent,
  type VariantGridResult,
} from '../../features/products/utils/variant-grid-form';
import { requireUserInfo } from '../../lib/auth';

/**
 * The variants grid's post (issue 28): the rows the owner changed go with the saved product in one write, then a bulk
 * action ("set all prices", "add N to all stock") is done by the server on every variant. Each row is checked with the
 * shared rules first; the edit screen reloads the product after it, as after any action.
 */
export async function productVariantsAction({ request, params }: ActionFunctionArgs): Promise<VariantGridResult> {
  requireUserInfo();
  const id = params.id ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save') as VariantGridIntent;
  const grid = readVariantGrid(form);
  const bulk = intent === 'save' ? undefined : readBulk(form, intent as BulkIntent);
  const bulkError = bulk && 'error' in bulk ? bulk.error : undefined;
  const badRows = Object.keys(grid.errors).length;
  if (badRows > 0 || bulkError) {
    const message = badRows > 0 ? `Nothing was saved: ${badRows === 1 ? 'one variant needs' : `${badRows} variants need`} a fix (marked below).` : 'Nothing was saved.';
    return { ok: false, intent, message, rows: grid.errors, bulk: bulkError };
  }

  let saved = false;
  if (grid.changes.length > 0) {
    try {
      // The product as the screen last loaded it (it reloads after every save), so that the write changes only the
      // variants; the form above keeps its own edits until it is saved.
      await adminUpdateProduct(id, { ...readProductBase(form), variants: grid.changes });
      saved = true;
    } catch (caught) {
      const message = errorMessage(caught);
      return { ok: false, intent, message: `Nothing was saved: ${message}`, rows: rowsNamedIn(message, grid.loaded) };
    }
  }
  if (bulk && 'input' in bulk) {
    try {
      await adminVariantsBulk(id, bulk.input);
      return { ok: true, intent, text: saved ? `Variants saved. ${bulkDoneText(bulk.input)}` : bulkDoneText(bulk.input) };
    } catch (caught) {
      const message = errorMessage(caught);
      return { ok: false, intent, message: saved ? `Your changes to the variants were saved, but not this: ${message}` : message, rows: {}, bulk: message };
    }
  }
  return { ok: true, intent, text: saved ? 'Variants saved' : 'No changes to save' };
}
