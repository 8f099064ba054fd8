import { adminGetPackingSlip, errorMessage } from '@shop/api-client';
import { type Order, packingSlipFileName, RECEIPT_STATES } from '@shop/contracts';
import { downloadBlob } from '@shop/web-ui';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import './documents.css';

/** "Packing slip" on the owner's order detail (issue 26): the PDF to print and pack by, for a confirmed order. */
export function PackingSlipButton({ order }: { order: Order }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!RECEIPT_STATES.includes(order.state)) return null;

  const download = async () => {
    setState({ busy: true, error: null });
    try {
      downloadBlob(await adminGetPackingSlip(order._id), packingSlipFileName(order.orderNumber));
      setState({ busy: false, error: null });
    } catch (caught) {
      setState({ busy: false, error: errorMessage(caught) });
    }
  };

  return (
    <div className="packing-slip">
      <button type="button" className="button button--secondary" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing packing slip…' : 'Packing slip'}
      </button>
      <FormAlert message={state.error} />
    </div>
  );
}
