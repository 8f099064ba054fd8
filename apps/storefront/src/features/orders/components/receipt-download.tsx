import { errorMessage, getOrderReceipt } from '@shop/api-client';
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
      const pdf = await getOrderReceipt(orderId, { visitorId: getVisitorId() });
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = `receipt-${orderNumber}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      // Long enough for the browser to start the download.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
