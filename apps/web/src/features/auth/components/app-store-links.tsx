import type { ReactNode } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { storeUrls } from '@/config/env';
import { detectPlatform, type Platform } from '@/lib/device';

function PlayIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 2.5v19l10-9.5z" fill="#34a853" />
      <path d="M4 2.5 17 10l-3 2.5z" fill="#4285f4" />
      <path d="M4 21.5 17 14l-3-1.5z" fill="#ea4335" />
      <path d="m17 10 3.5 2-3.5 2-3-1.5z" fill="#fbbc04" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg width="20" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z" />
    </svg>
  );
}

function StoreLink({
  href,
  icon,
  small,
  big,
}: {
  href: string;
  icon: ReactNode;
  small: string;
  big: string;
}) {
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      underline="never"
      c="white"
      bg="dark.8"
      px="md"
      py={6}
      style={{ borderRadius: 8, display: 'inline-flex', alignItems: 'center', gap: 10 }}
    >
      {icon}
      <span>
        <Text component="span" size="xs" display="block" lh={1.2} c="gray.3">
          {small}
        </Text>
        <Text component="span" fw={700} display="block" lh={1.2}>
          {big}
        </Text>
      </span>
    </Anchor>
  );
}

/** App store links chosen by device (spec §1): Android → Google Play, iOS → App Store, else both. */
export function AppStoreLinks({ platform = detectPlatform() }: { platform?: Platform }) {
  const urls = storeUrls();
  return (
    <Group gap="sm" aria-label="Baixe o aplicativo" role="group">
      {platform !== 'ios' ? (
        <StoreLink href={urls.playStore} icon={<PlayIcon />} small="Disponível no" big="Google Play" />
      ) : null}
      {platform !== 'android' ? (
        <StoreLink href={urls.appStore} icon={<AppleIcon />} small="Baixar na" big="App Store" />
      ) : null}
    </Group>
  );
}
