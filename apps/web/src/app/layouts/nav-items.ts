import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
}

export interface NavMenu {
  label: string;
  items: NavItem[];
}

/** Top navigation (spec §2). Every menu ends with "Sair". */
export const mainLinks: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Turismo', to: paths.turismo },
];

/**
 * The spec's three entries, then the QR claim, which the spec's menu hid (issue 35), and the
 * resident's lucky numbers (issue 36). The city's social entities (issue 40) are linked from
 * 'Minhas conquistas', where a resident gives coupons, so this menu keeps its six entries.
 */
export const meuMenu: NavMenu = {
  label: 'Meu',
  items: [
    { label: 'Participantes', to: paths.meu.participantes },
    { label: 'Sorteados', to: paths.meu.sorteados },
    { label: 'Extrato', to: paths.meu.extrato },
    { label: 'Resgatar compra', to: paths.meu.resgatar },
    { label: 'Meus números da sorte', to: paths.meu.numeros },
    // Issue 53: a purchase's fiscal receipt; 'Minhas notas' is linked from there.
    { label: 'Escanear nota fiscal', to: paths.meu.escanearNota },
  ],
};

export const parceiroMenu: NavMenu = {
  label: 'Parceiro',
  items: [
    { label: 'Aprova Avaliação', to: paths.parceiro.aprovaAvaliacao },
    { label: 'Vender', to: paths.parceiro.vender },
    // The partner's own shops (issue 35): the admin screen's guard would end its session.
    { label: 'Estabelecimento', to: paths.parceiro.estabelecimento },
    // Keys and webhooks for the shop's own systems (issue 39).
    { label: 'Integração', to: paths.parceiro.integracao },
  ],
};

export const adminMenu: NavMenu = {
  label: 'Administrador',
  items: [
    { label: 'Home', to: paths.admin.home },
    { label: 'Aprova Avaliação', to: paths.admin.aprovaAvaliacao },
    { label: 'Vender', to: paths.admin.vender },
    { label: 'Campanha', to: paths.admin.campanha },
    { label: 'Estabelecimento', to: paths.admin.estabelecimento },
    { label: 'Contemplado', to: paths.admin.contemplado },
    { label: 'Apurações', to: paths.admin.apuracoes },
    { label: 'Contestações', to: paths.admin.contestacoes },
    { label: 'Notas fiscais', to: paths.admin.recibos },
    { label: 'Comprovações de CPF', to: paths.admin.comprovacoesCpf },
    { label: 'Notificação', to: paths.admin.notificacao },
    { label: 'Avisos', to: paths.admin.aviso },
    { label: 'Promoções', to: paths.admin.promocoes },
    { label: 'Turismo', to: paths.admin.turismo },
    { label: 'Auditoria', to: paths.admin.auditoria },
    { label: 'Alertas', to: paths.admin.alertas },
    { label: 'Webhooks', to: paths.admin.webhooks },
    { label: 'Entidades', to: paths.admin.entidades },
  ],
};
