import { getControls } from '@shop/api-client';
import { whatsAppLink } from '@shop/rules';
import { useEffect, useState } from 'react';
import './ask-on-whatsapp.css';

/** The shop's WhatsApp number from Site Settings, read once per page load and shared by every link. */
let shopNumber: Promise<string | null> | null = null;
function loadShopNumber(): Promise<string | null> {
  shopNumber ??= getControls()
    .then((list) => list[0]?.contactSettings.whatsapp || null)
    .catch(() => {
      shopNumber = null;
      return null;
    });
  return shopNumber;
}

interface AskOnWhatsAppProps {
  text: string;
  label?: string;
  /** The shop's number when the screen's loader read it (in the server's HTML); else it is read here. */
  number?: string | null;
}

/**
 * "Ask on WhatsApp" (issue 17): a wa.me link to the shop's WhatsApp number in international form, the message
 * prefilled. Given the number (a server-rendered screen), it renders at once; else (screens drawn in the browser)
 * once the number is read, or never when there is none.
 */
export function AskOnWhatsApp({ text, label = 'Ask on WhatsApp', number: given }: AskOnWhatsAppProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    void loadShopNumber().then((n) => live && setLoaded(n));
    return () => {
      live = false;
    };
  }, [given]);
  const number = given === undefined ? loaded : given;
  const href = number ? whatsAppLink(number, text) : null;
  if (!href) return null;
  return (
    <a className="button button--secondary ask-whatsapp" href={href} target="_blank" rel="noopener noreferrer">
      <svg className="ask-whatsapp__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.4-.2Z"
        />
      </svg>
      {label}
    </a>
  );
}
