import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly is served by the app itself, never from a CDN (stack.md).
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { AlertIcon } from '@/components/icons';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
  },
});

/** Frames are examined this often. */
const SCAN_INTERVAL_MS = 250;

export interface QrScannerProps {
  /** The text of the first QR code seen; the camera is already off. */
  onResult: (text: string) => void;
  onStop: () => void;
  /** What to point the camera at, shown over the image once it runs. */
  aim?: string;
  /** What to do without the camera, ending each camera failure's text. */
  fallback?: string;
}

/** A camera failure in words a person can act on; `fallback` says what to do instead. */
function cameraErrorMessage(error: unknown, fallback: string): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `O acesso à câmera não foi permitido. Libere a câmera nas configurações do navegador ou ${fallback.charAt(0).toLowerCase()}${fallback.slice(1)}`;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return `Nenhuma câmera foi encontrada neste aparelho. ${fallback}`;
  }
  if (name === 'NotReadableError')
    return 'A câmera está em uso por outro aplicativo. Feche-o e tente de novo.';
  if (name === 'Insecure') return `A câmera só pode ser usada em conexão segura (https). ${fallback}`;
  return `Não foi possível ler o QR Code com a câmera. ${fallback}`;
}

/**
 * Reads a QR code with the phone's back camera (getUserMedia, facingMode environment) and the
 * barcode-detector ponyfill (ZXing in WebAssembly; Chromium on Linux and Firefox have no
 * native BarcodeDetector). Loaded lazily, only when the person taps 'Ler QR Code': a screen
 * imports it with `lazy(() => import('@/components/qr-scanner'))`, so the decoder stays out of
 * every first page. Used for a sale's hand-over code and a fiscal receipt's QR (issue 53).
 */
export default function QrScanner({
  onResult,
  onStop,
  aim = 'Aponte a câmera para o QR Code da venda',
  fallback = 'Cole o código abaixo.',
}: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const result = useRef(onResult);
  const fallbackText = useRef(fallback);
  useEffect(() => {
    result.current = onResult;
    fallbackText.current = fallback;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) {
          throw new DOMException(
            'getUserMedia indisponível',
            window.isSecureContext ? 'NotFoundError' : 'Insecure',
          );
        }
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new BarcodeDetector({ formats: ['qr_code'] });
        setReady(true);
        const tick = async () => {
          if (stopped || !video.current) return;
          if (video.current.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const found = await detector.detect(video.current);
            const text = found.find((b) => b.rawValue.trim())?.rawValue;
            if (text && !stopped) {
              stop();
              result.current(text.trim());
              return;
            }
          }
          timer = window.setTimeout(() => void tick().catch(fail), SCAN_INTERVAL_MS);
        };
        await tick();
      } catch (e) {
        fail(e);
      }
    }
    function fail(e: unknown) {
      if (stopped) return;
      console.warn('[qr] ', e);
      stop();
      setError(cameraErrorMessage(e, fallbackText.current));
    }

    void start();
    return stop;
  }, []);

  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          <Text size="sm" c="red.9">
            {error}
          </Text>
        </Alert>
      ) : (
        <Box
          pos="relative"
          maw={480}
          w="100%"
          mx="auto"
          style={{ borderRadius: 12, overflow: 'hidden' }}
          bg="dark.8"
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label="Imagem da câmera para ler o QR Code"
            style={{ width: '100%', display: 'block', aspectRatio: '1 / 1', objectFit: 'cover' }}
          />
          <Text
            role="status"
            size="sm"
            c="white"
            ta="center"
            pos="absolute"
            bottom={0}
            left={0}
            right={0}
            p="xs"
            bg="rgba(0,0,0,0.6)"
          >
            {ready ? aim : 'Abrindo a câmera…'}
          </Text>
        </Box>
      )}
      <Button variant="default" onClick={onStop}>
        {error ? 'Fechar' : 'Parar câmera'}
      </Button>
    </Stack>
  );
}
