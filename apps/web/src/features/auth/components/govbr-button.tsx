import { apiUrl, govbrEnabled } from '@/config/env';
import classes from './govbr-button.module.css';

/**
 * "Entrar com gov.br" (issue 52), as gov.br's design system draws it: a rounded button in
 * gov.br's blue with white bold text. A plain link (the whole page goes to gov.br and back);
 * shown only when the server has gov.br's client id. Kept tiny: the login page loads it.
 */
export function GovbrButton({ destino }: { destino: string | null }) {
  if (!govbrEnabled()) return null;
  const query = destino ? `?${new URLSearchParams({ destino }).toString()}` : '';
  return (
    <a className={classes.button} href={`${apiUrl()}/v1/govbr/entrar${query}`}>
      Entrar com <b>gov.br</b>
    </a>
  );
}
