import { Anchor, Text } from '@mantine/core';

/**
 * Support contacts shown on the reset and removal result pages (spec §8: "a support e-mail or
 * WhatsApp number"). The API's SUPPORT_EMAIL / SUPPORT_WHATSAPP defaults, unless the build
 * sets VITE_SUPPORT_EMAIL / VITE_SUPPORT_WHATSAPP or the page carries the optional
 * `praca-support-email` / `praca-support-whatsapp` meta tags.
 */
export const DEFAULT_SUPPORT_EMAIL = 'suporte@praca.local';
export const DEFAULT_SUPPORT_WHATSAPP = '(11) 99999-0000';

function meta(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

function supportContacts(): { email: string; whatsapp: string } {
  return {
    email: import.meta.env.VITE_SUPPORT_EMAIL || meta('praca-support-email') || DEFAULT_SUPPORT_EMAIL,
    whatsapp:
      import.meta.env.VITE_SUPPORT_WHATSAPP || meta('praca-support-whatsapp') || DEFAULT_SUPPORT_WHATSAPP,
  };
}

/** 'Precisa de ajuda? Fale com o suporte: e-mail … ou WhatsApp …', both as links. */
export function SupportContacts() {
  const { email, whatsapp } = supportContacts();
  const digits = whatsapp.replace(/\D/g, '');
  const wa = digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
  return (
    <Text size="sm" c="dimmed" data-testid="suporte">
      Precisa de ajuda? Fale com o suporte: e-mail{' '}
      <Anchor href={`mailto:${email}`} size="sm" underline="always">
        {email}
      </Anchor>{' '}
      ou WhatsApp{' '}
      <Anchor
        href={`https://wa.me/${wa}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        underline="always"
      >
        {whatsapp}
      </Anchor>
      .
    </Text>
  );
}
