import { CUF_POR_UF, digitoChave } from '@praca/contract';
import { todayIso } from '@/lib/today';

/**
 * A well-formed NFC-e key for screen tests (issue 53): the state's code, the month (this one by
 * default), a CNPJ, model 65, série 001, the number, the emission type, a cNF and its check digit.
 */
export function chaveDeTeste({
  uf = 'SP',
  mes = todayIso().slice(0, 7),
  cnpj = '11222333000181',
  numero = 1,
  tpEmis = '1',
}: { uf?: string; mes?: string; cnpj?: string; numero?: number; tpEmis?: string } = {}): string {
  const first43 = `${CUF_POR_UF[uf]}${mes.slice(2, 4)}${mes.slice(5, 7)}${cnpj}65001${String(numero).padStart(9, '0')}${tpEmis}12345678`;
  return `${first43}${digitoChave(first43)}`;
}

/** A v2 online QR code's URL of `chave` (environment 1, production), as a receipt prints it. */
export const qrDaChave = (chave: string, tpAmb = 1): string =>
  `https://www.fazenda.sp.gov.br/nfce/qrcode?p=${chave}|2|${tpAmb}|1|0123456789ABCDEF0123456789ABCDEF01234567`;
