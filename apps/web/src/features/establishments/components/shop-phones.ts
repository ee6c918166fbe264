import { formatPhone, onlyDigits } from '@praca/contract/plain';

export interface ShopPhone {
  label: 'Telefone' | 'WhatsApp' | 'Telefone e WhatsApp';
  /** Formatted, e.g. '(13) 99263-0028'. */
  numero: string;
  digits: string;
}

/**
 * The numbers a shop card shows (spec §2 "Shop card"): the number once when the phone and the
 * WhatsApp are the same digits, both when they differ, or whichever exists.
 */
export function shopPhones(
  telefone: string | null | undefined,
  whatsup: string | null | undefined,
): ShopPhone[] {
  const tel = onlyDigits(telefone ?? '');
  const zap = onlyDigits(whatsup ?? '');
  if (tel && zap && tel === zap)
    return [{ label: 'Telefone e WhatsApp', numero: formatPhone(tel), digits: tel }];
  const out: ShopPhone[] = [];
  if (tel) out.push({ label: 'Telefone', numero: formatPhone(tel), digits: tel });
  if (zap) out.push({ label: 'WhatsApp', numero: formatPhone(zap), digits: zap });
  return out;
}

/** The messaging link: https://wa.me/55 + the digits (Brazil's country code). */
export function whatsappUrl(whatsup: string | null | undefined): string | null {
  const d = onlyDigits(whatsup ?? '');
  if (!d) return null;
  return `https://wa.me/${d.startsWith('55') && d.length > 11 ? d : `55${d}`}`;
}

/** One line of address: 'Rua X, 10, loja 2 — Bairro, Cidade/UF, CEP 00000-000'. */
export function shopAddress(shop: {
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string;
}): string {
  const street = [shop.endereco, shop.complemento]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const city = [shop.cidade, shop.uf]
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
  const rest = [shop.bairro.trim(), city, shop.cep.trim() ? `CEP ${shop.cep.trim()}` : '']
    .filter(Boolean)
    .join(', ');
  return [street, rest].filter(Boolean).join(' — ');
}
