import { errorMessage, getOrderReceipt } from '@shop/api-client';
import { type Order, RECEIPT_STATES } from '@shop/contracts';
import { internationalPhoneDisplay, ownerWhatsAppText, whatsAppLink } from '@shop/rules';
import { downloadBlob } from '@shop/web-ui';
import { useState } from 'react';

/**
 * Issue 17 on the owner's order detail: the order's receipt (confirmed orders only; the admin session is the
 * credential) and "Message on WhatsApp" to the customer's phone in international form, the order prefilled.
 */
export function OrderReceiptWhatsApp({ order }: { order: Order }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const confirmed = RECEIPT_STATES.includes(order.state);
  const phone = order.customer.phone ?? '';
  const chat = phone ? whatsAppLink(phone, ownerWhatsAppText(order)) : null;

  const download = async () => {
    setState({ busy: true, error: null });
    try {
      downloadBlob(await getOrderReceipt(order._id), `receipt-${order.orderNumber}.pdf`);
      setState({ busy: false, error: null });
    } catch (caught) {
      setState({ busy: false, error: errorMessage(caught) });
    }
  };

  return (
    <section className="order-section card" aria-labelledby="order-receipt-whatsapp">
      <h2 className="order-section__title" id="order-receipt-whatsapp">
        Receipt and WhatsApp
      </h2>
      <div className="order-receipt-whatsapp">
        {confirmed ? (
          <button type="button" className="button button--secondary" disabled={state.busy} onClick={() => void download()}>
            {state.busy ? 'Preparing receipt…' : 'Download receipt (PDF)'}
          </button>
        ) : (
          <p>No receipt: the order is not confirmed.</p>
        )}
        {chat ? (
          <a className="button button--secondary" href={chat} target="_blank" rel="noopener noreferrer">
            Message on WhatsApp <span className="order-receipt-whatsapp__number">({internationalPhoneDisplay(phone)})</span>
          </a>
        ) : (
          <p>No phone number to message on WhatsApp.</p>
        )}
      </div>
      {state.error && (
        <p className="order-receipt-whatsapp__error" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}
