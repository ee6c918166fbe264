import { useId, type ReactNode } from 'react';
import { Indicator, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { BellIcon, HomeIcon, QrCodeIcon, TicketIcon, UserIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useNotificationCount } from '@/features/notifications/api/get-notificacoes';
import { useForegroundPush } from '@/features/notifications/components/use-foreground-push';
import classes from './consumer-tab-bar.module.css';

interface Tab {
  label: string;
  to: string;
  icon: ReactNode;
  /** Other paths that belong to this tab. */
  also?: string[];
}

const TABS: Tab[] = [
  { label: 'Início', to: paths.home, icon: <HomeIcon size={22} /> },
  { label: 'Cupons', to: paths.meu.conquista, icon: <TicketIcon size={22} />, also: [paths.meu.cupom] },
  { label: 'Resgatar', to: paths.meu.resgatar, icon: <QrCodeIcon size={22} /> },
  { label: 'Notificações', to: paths.notificacao, icon: <BellIcon size={22} /> },
  { label: 'Perfil', to: paths.perfil, icon: <UserIcon size={22} /> },
];

/**
 * The consumer's five destinations at the thumb on a phone (issue 35): Início, Cupons,
 * Resgatar, Notificações, Perfil. On phones it takes over the bell and the profile button of
 * the top bar, so the Notificações tab carries the unread badge and hears the pushes that
 * arrive while the app is open, as the bell does (notifications-button.tsx). Its own chunk,
 * loaded by the layout on a consumer's phone only (app-layout.tsx).
 */
export default function ConsumerTabBar() {
  const { pathname } = useLocation();
  const count = useNotificationCount(true);
  useForegroundPush();
  const describedBy = useId();
  return (
    <nav className={classes.bar} aria-label="Atalhos">
      <ul className={classes.list}>
        {TABS.map((tab) => {
          const current = pathname === tab.to || (tab.also ?? []).includes(pathname);
          const bell = tab.to === paths.notificacao;
          const icon = bell ? (
            <Indicator
              // The link's name stays 'Notificações'; the count is its description.
              label={<span aria-hidden="true">{count > 99 ? '99+' : count}</span>}
              disabled={count <= 0}
              color="red.9"
              size={16}
              offset={2}
              inline
              data-testid="notificacoes-badge"
            >
              {tab.icon}
            </Indicator>
          ) : (
            tab.icon
          );
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className={tab.to === paths.meu.resgatar ? `${classes.item} ${classes.claim}` : classes.item}
                aria-current={current ? 'page' : undefined}
                aria-describedby={bell && count > 0 ? describedBy : undefined}
              >
                <span className={classes.icon}>{icon}</span>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {count > 0 ? (
        <VisuallyHidden id={describedBy}>
          {count === 1 ? '1 notificação' : `${count} notificações`}
        </VisuallyHidden>
      ) : null}
    </nav>
  );
}
