import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GovbrButton } from './govbr-button';

/** The server's `praca-govbr` meta tag (issue 52): "1" when it has gov.br's client id. */
function setMeta(content: string | null) {
  document.querySelector('meta[name="praca-govbr"]')?.remove();
  if (content === null) return;
  const m = document.createElement('meta');
  m.name = 'praca-govbr';
  m.content = content;
  document.head.append(m);
}

afterEach(() => setMeta(null));

describe('GovbrButton', () => {
  it('is absent when the server has no gov.br client id', () => {
    setMeta('');
    render(<GovbrButton destino={null} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to the API start of the flow, carrying the page to come back to', () => {
    setMeta('1');
    render(<GovbrButton destino="/meu/extrato" />);
    const link = screen.getByRole('link', { name: 'Entrar com gov.br' });
    expect(link.getAttribute('href')).toBe('/v1/govbr/entrar?destino=%2Fmeu%2Fextrato');
  });
});
