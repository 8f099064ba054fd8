import { PAY_ON_DELIVERY_LABELS, PAY_ON_DELIVERY_METHODS, type PayOnDelivery } from '@shop/rules';
import './pay-in-person-note.css';

/** The line under the payment choice (issue 25). */
export const PAY_IN_PERSON_LINE = 'Pay by cash or Linx when your order is delivered or picked up.';

interface PayInPersonNoteProps {
  /** The shop's pick-up address from Site Settings (shopSettings.pickupAddress); nothing shown without one. */
  pickupAddress: string | null;
  /**
   * Whether the shopper chose the pick-up area. Undefined when nobody can tell yet (the server's page for a
   * browser without scripts): the address is then shown for the case they choose it.
   */
  pickUpChosen: boolean | undefined;
  /** The choice the form was sent with (the server's page after a refusal); cash otherwise. */
  payOnDelivery?: PayOnDelivery;
}

/** How paying in person works, and where to collect an order when the pick-up area is (or may be) chosen. */
export function PayInPersonNote({ pickupAddress, pickUpChosen, payOnDelivery = 'cash' }: PayInPersonNoteProps) {
  const address = pickupAddress?.trim() ?? '';
  return (
    <div className="pay-in-person-note">
      <p className="pay-in-person-note__line">{PAY_IN_PERSON_LINE}</p>
      {/* Issue 29: sent with the form (a plain radio group), read only when the shopper pays in person on delivery. */}
      <fieldset className="pay-in-person-note__choice">
        <legend>If you pay on delivery, you will pay with</legend>
        {PAY_ON_DELIVERY_METHODS.map((method) => (
          <label key={method} className="pay-in-person-note__option">
            <input type="radio" name="payOnDelivery" value={method} defaultChecked={method === payOnDelivery} /> {PAY_ON_DELIVERY_LABELS[method]}
          </label>
        ))}
      </fieldset>
      {address && (
        // Always in the page, so the server's HTML has it; the app hides it while another area is chosen.
        <div className="pay-in-person-note__pickup" hidden={pickUpChosen === false}>
          <p className="pay-in-person-note__label">{pickUpChosen === undefined ? 'If you choose pick-up, collect your order at:' : 'Pick up your order at:'}</p>
          <p className="pay-in-person-note__address">{address}</p>
        </div>
      )}
    </div>
  );
}
