import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { Box, Button, Fieldset, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IMAGE_SIZES, type ImageDir } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { describeError } from '@/lib/api-client';
import { IMAGE_ACCEPT, uploadImage } from '@/lib/image-client';

export interface ImageUploadProps {
  /** Visible label, e.g. 'Foto' or 'Banner'; also the preview's alt text. */
  label: string;
  /** Folder, e.g. 'imgest'. */
  dir: ImageDir;
  /** Stored path ('' = none). */
  value: string;
  onChange: (path: string) => void;
  /** Box sent to the server; default IMAGE_SIZES[dir]. */
  size?: { largura: number; altura: number };
  /** CSS px of the preview box; default from the size, capped at 300. */
  previewWidth?: number;
  previewHeight?: number;
  /** Read-only: shows the preview, no buttons. */
  disabled?: boolean;
  /** Helper text under the label. */
  description?: string;
  /**
   * Sends the chosen file somewhere else than the image service (a partner's own shop) and
   * answers the stored path; the default posts it to `dir` of the image service.
   */
  upload?: (file: File, signal: AbortSignal) => Promise<string>;
}

const MAX_PREVIEW = 300;
/**
 * Below this size (a 50 x 50 logo) the words 'Sem imagem' do not fit in the box: the box shows
 * a picture sign and the words stand beside it (issue 35).
 */
const SMALL_PREVIEW = { w: 120, h: 60 };

/** A picture frame with a slash through it, drawn inline (decorative). */
function NoImageIcon({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
      <path d="m3 3 18 18" />
    </svg>
  );
}

/** The preview box: the given size, or the server's box scaled down to at most 300 px wide. */
function previewBox(box: { largura: number; altura: number }, width?: number, height?: number) {
  if (width !== undefined && height !== undefined) return { w: width, h: height };
  const ratio = box.altura / box.largura;
  if (width !== undefined) return { w: width, h: Math.round(width * ratio) };
  if (height !== undefined) return { w: Math.round(height / ratio), h: height };
  const w = Math.min(box.largura, MAX_PREVIEW);
  return { w, h: Math.round(w * ratio) };
}

/**
 * A picture field of the admin editors (spec §7 Other, §9): the stored picture's preview, a
 * button that sends a new one to the image service (resized and stored as PNG there) and
 * hands the stored path to `onChange`, and 'Remover'. While the upload runs the buttons wait;
 * a refusal shows the server's Portuguese message in red and keeps the old picture.
 */
export function ImageUpload({
  label,
  dir,
  value,
  onChange,
  size,
  previewWidth,
  previewHeight,
  disabled = false,
  description,
  upload,
}: ImageUploadProps): JSX.Element {
  const box = size ?? IMAGE_SIZES[dir];
  const { w, h } = previewBox(box, previewWidth, previewHeight);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const resetRef = useRef<() => void>(null);
  const controller = useRef<AbortController | null>(null);
  const descriptionId = useId();
  const errorId = useId();

  // A new picture gets a fresh chance to load; leaving the form stops an upload in flight.
  useEffect(() => setBroken(false), [value]);
  useEffect(() => () => controller.current?.abort(), []);

  async function send(file: File | null) {
    resetRef.current?.(); // the same file may be chosen again
    if (!file) return;
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setError(null);
    setUploading(true);
    try {
      const caminho = upload
        ? await upload(file, ac.signal)
        : (await uploadImage(dir, file, { largura: box.largura, altura: box.altura, signal: ac.signal }))
            .caminho;
      if (!ac.signal.aborted) onChange(caminho);
    } catch (err) {
      if (!ac.signal.aborted) setError(describeError(err, 'Não foi possível enviar a imagem'));
    } finally {
      if (controller.current === ac) {
        controller.current = null;
        setUploading(false);
      }
    }
  }

  const shown = Boolean(value) && !broken;
  const placeholder = value ? 'Imagem não encontrada' : 'Sem imagem';
  const small = w < SMALL_PREVIEW.w || h < SMALL_PREVIEW.h;

  const preview = (
    <Box
      w={w}
      maw="100%"
      style={{
        aspectRatio: `${w} / ${h}`,
        flexShrink: 0,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      {shown ? (
        <Image
          src={imageUrl(value)}
          alt={label}
          w="100%"
          h="100%"
          fit="contain"
          onError={() => setBroken(true)}
        />
      ) : small ? (
        <Box
          c="gray.6"
          h="100%"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          data-testid="image-placeholder"
        >
          <NoImageIcon size={Math.max(16, Math.round(Math.min(w, h) * 0.5))} />
        </Box>
      ) : (
        <Text
          size="xs"
          c="dimmed"
          ta="center"
          h="100%"
          p={4}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', lineHeight: 1.2 }}
          data-testid="image-placeholder"
        >
          {placeholder}
        </Text>
      )}
    </Box>
  );

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={500}>
          {label}
        </Text>
      }
      aria-describedby={describedBy || undefined}
      aria-busy={uploading}
      miw={0}
    >
      <Stack gap={6}>
        {description ? (
          <Text id={descriptionId} size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
        {small ? (
          <Group gap="xs" wrap="nowrap" align="center">
            {preview}
            {shown ? null : (
              <Text size="xs" c="dimmed">
                {placeholder}
              </Text>
            )}
          </Group>
        ) : (
          preview
        )}
        {disabled ? null : (
          <Group gap="xs" wrap="wrap">
            <FileButton
              onChange={(file) => void send(file)}
              accept={IMAGE_ACCEPT}
              resetRef={resetRef}
              disabled={uploading}
            >
              {(props) => (
                <Button {...props} size="xs" variant="light" disabled={uploading}>
                  Escolher imagem
                </Button>
              )}
            </FileButton>
            {value ? (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                disabled={uploading}
                onClick={() => {
                  setError(null);
                  onChange('');
                }}
              >
                Remover
              </Button>
            ) : null}
          </Group>
        )}
        <div role="status" aria-live="polite">
          {uploading ? (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm">Enviando imagem...</Text>
            </Group>
          ) : null}
        </div>
        {error ? (
          <Text id={errorId} role="alert" size="sm" c="red.9">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
