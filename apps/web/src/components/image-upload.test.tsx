import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG_ADMIN } from '@praca/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse } from '@/test/render';
import { ImageUpload, type ImageUploadProps } from './image-upload';

const sessao = {
  token: 'tok-adm',
  id_usuario: 1,
  nome: 'Ana',
  email: 'ana@exemplo.com',
  cod_cidade: 1,
  cidade: 'Campinas',
  uf: 'SP',
  parceiro: false,
  admin: true,
  superadmin: false,
  estabelecimentos: {},
};

const STORED = 'imgest/fachada-1a2b3c4d.png';
const answer = (caminho = STORED) => ({
  caminho,
  nomearq: caminho,
  url: `/img/${caminho}`,
  largura: 188,
  altura: 150,
});

function Harness({
  initial = '',
  onChange = () => undefined,
  ...props
}: Partial<ImageUploadProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <ImageUpload
        label="Foto"
        dir="imgest"
        value={value}
        onChange={(path) => {
          onChange(path);
          setValue(path);
        }}
        {...props}
      />
    </MantineProvider>
  );
}

const fileInput = (container: HTMLElement) => {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'Fachada.png', { type: 'image/png' });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setSession(sessao);
});

describe('ImageUpload', () => {
  it('shows the label and an empty placeholder, and offers only Escolher imagem', () => {
    render(<Harness description="Até 5 MB; fica com 300 x 150 pixels" />);
    const group = screen.getByRole('group', { name: 'Foto' });
    expect(group).toHaveAccessibleDescription('Até 5 MB; fica com 300 x 150 pixels');
    expect(within(group).getByText('Sem imagem')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });

  it('uploads the chosen file, waits with a message, then stores the path and shows the preview', async () => {
    const onChange = vi.fn();
    let respond: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (respond = resolve)));
    const { container } = render(<Harness onChange={onChange} />);

    await userEvent.upload(fileInput(container), png());
    expect(await screen.findByText('Enviando imagem...')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Enviando imagem...');
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toBeDisabled();

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/img\/imgest\/post_img\.php$/);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-adm');
    expect(JSON.parse(String(init.body))).toMatchObject({
      nomearq: 'Fachada.png',
      largura: 300,
      altura: 150,
    });

    respond(jsonResponse(201, answer()));
    const img = await screen.findByRole('img', { name: 'Foto' });
    expect(img).toHaveAttribute('src', `/img/${STORED}`);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(STORED);
    expect(screen.queryByText('Enviando imagem...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remover' })).toBeEnabled();
  });

  it("shows the server's message in red and keeps the old picture", async () => {
    const onChange = vi.fn();
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { erro: MSG_ADMIN.imagemInvalida }));
    const { container } = render(<Harness initial="imgest/antiga-00000000.png" onChange={onChange} />);

    await userEvent.upload(fileInput(container), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_ADMIN.imagemInvalida);
    expect(screen.getByRole('group', { name: 'Foto' })).toHaveAccessibleDescription(MSG_ADMIN.imagemInvalida);
    expect(screen.getByRole('img', { name: 'Foto' })).toHaveAttribute(
      'src',
      '/img/imgest/antiga-00000000.png',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image without any request', async () => {
    // A person may switch the dialog to "all files"; the accept filter is only a hint.
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(<Harness />);
    await user.upload(fileInput(container), new File(['olá'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Escolha um arquivo de imagem (PNG, JPEG, WebP ou GIF)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers only image types in the file picker', () => {
    const { container } = render(<Harness />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
  });

  it('opens the file picker from the keyboard', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Harness />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Escolher imagem' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('sends the given box instead of the folder size', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, answer('imglog/logo-1a2b3c4d.png')));
    const { container } = render(<Harness dir="imglog" label="Logo" size={{ largura: 80, altura: 80 }} />);
    await userEvent.upload(fileInput(container), png());
    await screen.findByRole('img', { name: 'Logo' });
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toMatchObject({
      largura: 80,
      altura: 80,
    });
  });

  it('disabled shows the preview and no buttons', () => {
    const { container } = render(<Harness initial={STORED} disabled />);
    expect(screen.getByRole('img', { name: 'Foto' })).toHaveAttribute('src', `/img/${STORED}`);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });

  it('Remover clears the picture', async () => {
    const onChange = vi.fn();
    render(<Harness initial={STORED} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Sem imagem')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sizes the preview from the folder box, at most 300 px wide and never wider than the screen', () => {
    const { container, rerender } = render(<Harness dir="imgtur" />);
    const box = () => container.querySelector<HTMLElement>('fieldset [style*="aspect-ratio"]');
    expect(box()?.style.aspectRatio).toBe('300 / 225');
    rerender(
      <MantineProvider env="test">
        <ImageUpload
          label="Foto"
          dir="imgtur"
          value=""
          onChange={() => undefined}
          previewWidth={120}
          previewHeight={60}
        />
      </MantineProvider>,
    );
    expect(box()?.style.aspectRatio).toBe('120 / 60');
  });

  it('a 50 x 50 logo box holds a picture sign and puts the words beside it, where they fit', () => {
    const { container } = render(
      <Harness label="Logo" dir="imglog" previewWidth={50} previewHeight={50} initial="imglog/sumiu.png" />,
    );
    const box = container.querySelector<HTMLElement>('fieldset [style*="aspect-ratio"]')!;
    expect(box.style.aspectRatio).toBe('50 / 50');
    // No picture yet ('Sem imagem'), then one that does not load ('Imagem não encontrada'):
    // neither is squeezed into the 50 px box.
    fireEvent.error(within(box).getByRole('img', { name: 'Logo' }));
    const group = screen.getByRole('group', { name: 'Logo' });
    expect(within(group).getByText('Imagem não encontrada')).toBeInTheDocument();
    expect(box).toHaveTextContent('');
    expect(within(box).getByTestId('image-placeholder').querySelector('svg')).not.toBeNull();
  });

  it('an empty 50 x 50 box says Sem imagem beside it', () => {
    const { container } = render(<Harness label="Logo" dir="imglog" previewWidth={50} previewHeight={50} />);
    const box = container.querySelector<HTMLElement>('fieldset [style*="aspect-ratio"]')!;
    expect(box).toHaveTextContent('');
    expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('Sem imagem')).toBeInTheDocument();
  });
});
