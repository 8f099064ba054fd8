import type { SiteSettings } from '@shop/contracts';
import { internationalPhoneDigits, whatsAppLink } from '@shop/rules';
import { Suspense } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import { ContactForm } from '../../features/contact/components/contact-form';
import type { contactLoader } from './contact-loader';
import './contact.css';

function SocialLinks({ settings }: { settings: SiteSettings | null }) {
  if (!settings) return null;
  const { phone, whatsapp, facebook, instagram } = settings.contactSettings;
  // In international form (+1 868 …): wa.me needs the country code, and a visitor abroad can call too.
  const callable = phone ? internationalPhoneDigits(phone) : null;
  const chat = whatsapp ? whatsAppLink(whatsapp) : null;
  const links = [
    callable && { href: `tel:+${callable}`, label: `Call us: ${phone}` },
    chat && { href: chat, label: 'WhatsApp' },
    facebook && { href: facebook, label: 'Facebook' },
    instagram && { href: instagram, label: 'Instagram' },
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  return (
    <ul className="contact-links">
      {links.map((link) => (
        <li key={link.label}>
          <a className="button button--secondary" href={link.href} rel="noopener noreferrer" target={link.href.startsWith('http') ? '_blank' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ContactRoute() {
  const { settings, sent, submission } = useLoaderData<typeof contactLoader>();
  return (
    <div className="container page-section contact">
      <title>Contact Us | Island Glow</title>
      <h1 className="section-heading__title">Contact Us</h1>
      <Suspense fallback={<div className="contact-links contact-links--placeholder" />}>
        <Await resolve={settings} errorElement={null}>
          {(loaded: SiteSettings | null) => <SocialLinks settings={loaded} />}
        </Await>
      </Suspense>
      <h2 className="contact__subtitle">Send Us Feedback</h2>
      <ContactForm sent={sent} submission={submission} />
    </div>
  );
}
