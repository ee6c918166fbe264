import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { mapTileAttribution, mapTileUrl } from '@/config/env';
import { DEFAULT_ZOOM, type LatLng } from './map-geo';

// Leaflet finds its marker images from the CSS path, which Vite's hashed assets break.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

/** Pixels an arrow key moves the focused marker. */
const KEY_STEP = 10;
const KEY_DELTA: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
};

export interface MapView {
  center: LatLng;
  /** Changes each time the map must move there, even to the same place. */
  seq: number;
}

interface MapViewProps {
  marker: LatLng;
  view: MapView;
  onMarkerMove: (p: LatLng) => void;
}

/** Moves the map when the page asks (search, locate): zoom 13 or the closer one the admin chose. */
function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    map.setView([view.center.lat, view.center.lng], Math.max(map.getZoom(), DEFAULT_ZOOM));
  }, [map, view]);
  return null;
}

/**
 * The Leaflet map of /mapa: configured tiles, 500 px high, and one draggable marker. The
 * marker is a focusable button (Leaflet's `keyboard`); the arrow keys also move it.
 */
export function MapViewer({ marker, view, onMarkerMove }: MapViewProps) {
  const markerRef = useRef<L.Marker | null>(null);
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: () => {
        const m = markerRef.current;
        if (m) onMarkerMove(m.getLatLng());
      },
      keydown: (e) => {
        const ev = (e as L.LeafletKeyboardEvent).originalEvent;
        const delta = KEY_DELTA[ev.key];
        const m = markerRef.current;
        const map = (m as unknown as { _map?: L.Map } | null)?._map;
        if (!delta || !m || !map) return;
        ev.preventDefault();
        ev.stopPropagation();
        const point = map.latLngToContainerPoint(m.getLatLng()).add(delta);
        const next = map.containerPointToLatLng(point);
        m.setLatLng(next);
        onMarkerMove(next);
      },
    }),
    [onMarkerMove],
  );

  return (
    <MapContainer
      center={[view.center.lat, view.center.lng]}
      zoom={DEFAULT_ZOOM}
      style={{ height: 500, width: '100%' }}
      keyboard
    >
      <TileLayer url={mapTileUrl()} attribution={mapTileAttribution()} />
      <Marker
        ref={markerRef}
        position={[marker.lat, marker.lng]}
        draggable
        keyboard
        title="Marcador"
        alt="Marcador"
        eventHandlers={handlers}
      />
      <FollowView view={view} />
    </MapContainer>
  );
}
