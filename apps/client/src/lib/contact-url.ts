// The 'Contact Us' form address is operator configuration (CONTACT_URL): the server writes it into the
// <meta name="exrated-contact-url"> tag of index.html, so nothing is baked into the build.
const FALLBACK_CONTACT_URL = 'mailto:support@exrated.app';

export function getContactUrl(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="exrated-contact-url"]')?.content.trim();
  return content ? content : FALLBACK_CONTACT_URL;
}
