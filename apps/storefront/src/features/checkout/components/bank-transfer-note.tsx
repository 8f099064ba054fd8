import { bankAccountLine, type SiteSettings } from '@shop/contracts';

type BankTransferSettings = SiteSettings['bankTransferSettings'];

/** The accounts shown with the "Pay by Bank Transfer" button (issue 29): the order number is the reference. */
export function BankTransferNote({ settings }: { settings: BankTransferSettings | null | undefined }) {
  if (!settings?.enabled || settings.accounts.length === 0) return null;
  return (
    <div className="pay-in-person-note">
      <p className="pay-in-person-note__line">
        Pay by bank transfer to {settings.accounts.length === 1 ? 'this account' : 'one of these accounts'}, with your order number as the reference (you get
        it when you place the order). We hold your items for {settings.holdHours} hours.
      </p>
      <ul className="pay-in-person-note__accounts">
        {settings.accounts.map((account) => (
          <li key={`${account.bank}-${account.accountNumber}`}>{bankAccountLine(account)}</li>
        ))}
      </ul>
    </div>
  );
}
