import { useParams } from 'react-router';
import { CadastroPage } from '../components/cadastro-page';
import { EntrarPage } from '../components/entrar-page';
import { ErroPage } from '../components/erro-page';
import { NivelPage } from '../components/nivel-page';
import { VincularPage } from '../components/vincular-page';

const PAGES = {
  entrar: EntrarPage,
  cadastro: CadastroPage,
  vincular: VincularPage,
  nivel: NivelPage,
  erro: ErroPage,
} as const;

/**
 * /govbr/:etapa (issue 52): the page gov.br's callback sends the browser to: `entrar` (a linked
 * account: the session is taken), `cadastro` ("Complete seu cadastro"), `vincular` (link with
 * the password), `nivel` (the account's level is too low) or `erro`. One lazy chunk for all.
 */
export function Component() {
  const { etapa = '' } = useParams();
  const Page = Object.hasOwn(PAGES, etapa) ? PAGES[etapa as keyof typeof PAGES] : ErroPage;
  return <Page />;
}
