import { errorMessage, getOrderReceipt } from '@shop/api-client';
import { downloadBlob } from '@shop/web-ui';
import { useState } from 'react';
import { getVisitorId } from '../../../lib/visitor-id';

/**
 * "Download receipt (PDF)" for a confirmed order (issue 17): fetched with the visitor header (only the visitor
 * who placed the order may have it) and handed to the browser as a file.
 */
export function ReceiptDownload({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      downloadBlob(await getOrderReceipt(orderId, { visitorId: getVisitorId() }), `receipt-${orderNumber}.pdf`);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };
  return (
    <div className="receipt-download">
      <button type="button" className="button button--secondary" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing receipt…' : 'Download receipt (PDF)'}
      </button>
      {state.error && (
        <p className="receipt-download__error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
