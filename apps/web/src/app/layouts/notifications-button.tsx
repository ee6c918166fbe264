import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useNotificationCount } from '@/features/notifications/api/get-notificacoes';
import { useForegroundPush } from '@/features/notifications/components/use-foreground-push';
import { isLoggedIn, useSession } from '@/lib/session';

/**
 * Bell leading to /notificacao; the badge shows only when the count is above 0 (spec §2).
 * It lives in every logged-in page, so it also hears the pushes that arrive while the app is
 * open (stored, then the count reloads; spec §4).
 */
export function NotificationsButton() {
  // Not without a session (the removal's congratulation page): the call would answer 401.
  const loggedIn = isLoggedIn(useSession());
  const count = useNotificationCount(loggedIn);
  useForegroundPush();
  const describedBy = useId();
  if (!loggedIn) return null;
  return (
    <>
      <Indicator
        label={count > 99 ? '99+' : count}
        disabled={count <= 0}
        color="red.9"
        size={18}
        offset={4}
        inline
        data-testid="notificacoes-badge"
      >
        <ActionIcon
          component={Link}
          to={paths.notificacao}
          variant="subtle"
          size="lg"
          aria-label="Notificações"
          aria-describedby={count > 0 ? describedBy : undefined}
        >
          <BellIcon size={22} />
        </ActionIcon>
      </Indicator>
      {count > 0 ? (
        <VisuallyHidden id={describedBy}>
          {count === 1 ? '1 notificação' : `${count} notificações`}
        </VisuallyHidden>
      ) : null}
    </>
  );
}
