import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { AlertIcon, SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { geocoderUrl } from '@/config/env';
import {
  coordsText,
  DEFAULT_CENTER,
  formatCoord,
  geocoderSearchUrl,
  MSG_COPIED,
  MSG_GEOCODER_FAILED,
  MSG_LOCATION_FAILED,
  MSG_NOT_FOUND,
  parseGeocoderAnswer,
  wrapLng,
  type LatLng,
} from '../components/map-geo';
import { MapViewer, type MapView } from '../components/map-view';

/**
 * /mapa (admins): find a place by address or by the device's location, fine-tune it by
 * dragging the marker, and copy its coordinates into an establishment or a tourism item.
 * Leaflet is imported only here (the router lazy-loads this module).
 */
export function Component() {
  const [marker, setMarker] = useState<LatLng>(DEFAULT_CENTER);
  const [view, setView] = useState<MapView>({ center: DEFAULT_CENTER, seq: 0 });
  const [address, setAddress] = useState('');
  const [found, setFound] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  const latRef = useRef<HTMLInputElement>(null);

  const goTo = useCallback((p: LatLng) => {
    setMarker(p);
    setView((v) => ({ center: p, seq: v.seq + 1 }));
  }, []);

  const onMarkerMove = useCallback((p: LatLng) => {
    setMarker({ lat: p.lat, lng: wrapLng(p.lng) });
    setFound('');
    setError(null);
  }, []);

  async function search(e: FormEvent) {
    e.preventDefault();
    if (!address.trim()) return;
    setSearching(true);
    setError(null);
    setFound('');
    try {
      const res = await fetch(geocoderSearchUrl(geocoderUrl(), address), {
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`geocoder ${res.status}`);
      const hit = parseGeocoderAnswer(await res.json());
      if (!hit) {
        setError(MSG_NOT_FOUND);
        return;
      }
      goTo(hit);
      setFound(hit.label);
    } catch {
      setError(MSG_GEOCODER_FAILED);
    } finally {
      setSearching(false);
    }
  }

  function locate() {
    setError(null);
    setFound('');
    if (!('geolocation' in navigator)) {
      setError(MSG_LOCATION_FAILED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        goTo({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setError(MSG_LOCATION_FAILED);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(coordsText(marker));
      notifySuccess(MSG_COPIED);
    } catch {
      // No clipboard (plain http, or denied): leave the latitude selected to copy by hand.
      latRef.current?.focus();
      latRef.current?.select();
      notifyWarning('Não foi possível copiar automaticamente; copie os valores dos campos.');
    }
  }

  return (
    <Stack gap="md">
      <PageTitle>Mapa</PageTitle>
      <Text c="dimmed">
        Encontre um local pelo endereço ou pela sua localização, ajuste o marcador arrastando-o (ou com as
        setas do teclado) e copie as coordenadas para o cadastro de um estabelecimento ou de um item de
        turismo.
      </Text>

      <form onSubmit={(e) => void search(e)} aria-label="Buscar endereço">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Endereço"
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            placeholder="Rua, número, cidade"
            style={{ flex: '1 1 16rem' }}
            autoComplete="street-address"
          />
          <Button type="submit" loading={searching} leftSection={<SearchIcon size={16} />}>
            Buscar
          </Button>
          <Button variant="default" onClick={locate} loading={locating}>
            Minha localização
          </Button>
        </Group>
      </form>

      {error ? (
        <Alert
          color="red"
          icon={<AlertIcon />}
          withCloseButton
          closeButtonLabel="Fechar"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      ) : null}
      {found ? (
        <Text size="sm" aria-live="polite">
          Encontrado: {found}
        </Text>
      ) : null}

      <MapViewer marker={marker} view={view} onMarkerMove={onMarkerMove} />

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={latRef}
          label="Latitude"
          value={formatCoord(marker.lat)}
          readOnly
          style={{ flex: '1 1 10rem' }}
        />
        <TextInput label="Longitude" value={formatCoord(marker.lng)} readOnly style={{ flex: '1 1 10rem' }} />
        <Button variant="light" onClick={() => void copy()}>
          Copiar coordenadas
        </Button>
      </Group>
    </Stack>
  );
}
