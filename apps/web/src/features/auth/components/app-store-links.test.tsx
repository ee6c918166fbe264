import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detectPlatform } from '@/lib/device';
import { AppStoreLinks } from './app-store-links';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36';

function links(ua: string, touchPoints = 0) {
  render(
    <MantineProvider env="test">
      <AppStoreLinks platform={detectPlatform(ua, touchPoints)} />
    </MantineProvider>,
  );
  return screen.queryAllByRole('link').map((a) => a.textContent);
}

describe('AppStoreLinks', () => {
  it('shows only Google Play on Android', () => {
    expect(links(ANDROID)).toEqual(['Disponível noGoogle Play']);
  });

  it('shows only the App Store on an iPhone', () => {
    expect(links(IPHONE)).toEqual(['Baixar naApp Store']);
  });

  it('treats a touch "Mac" as iOS', () => {
    expect(links(IPAD_DESKTOP_MODE, 5)).toEqual(['Baixar naApp Store']);
  });

  it('shows both stores elsewhere', () => {
    expect(links(WINDOWS)).toEqual(['Disponível noGoogle Play', 'Baixar naApp Store']);
  });
});
