/**
 * Pure helpers of the admin map page (/mapa): the Nominatim-format geocoder request and answer,
 * and the coordinates as they are shown and copied (8 decimals, "lat, lng").
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocoderHit extends LatLng {
  label: string;
}

/** Santos (SP), the demo admin's city: where the map opens. */
export const DEFAULT_CENTER: LatLng = { lat: -23.9608, lng: -46.3336 };
/** Spec §9: the map opens at zoom 13. */
export const DEFAULT_ZOOM = 13;

export const MSG_NOT_FOUND = 'Endereço não encontrado';
export const MSG_LOCATION_FAILED = 'Não foi possível obter a localização';
export const MSG_GEOCODER_FAILED = 'Não foi possível buscar o endereço. Tente novamente.';
export const MSG_COPIED = 'Coordenadas copiadas';

/** `GET <geocoder>?format=json&limit=1&q=<address>`, keeping any query the configured URL has. */
export function geocoderSearchUrl(base: string, address: string): string {
  const params = new URLSearchParams({ format: 'json', limit: '1', q: address.trim() });
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

function coord(v: unknown, max: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

/**
 * The first usable hit of a Nominatim answer (`[{ lat: "-23.96", lon: "-46.33", display_name }]`),
 * or null when there is none (an empty list, or anything that is not that format).
 */
export function parseGeocoderAnswer(body: unknown): GeocoderHit | null {
  if (!Array.isArray(body)) return null;
  for (const item of body as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const lat = coord(r.lat, 90);
    const lng = coord(r.lon, 180);
    if (lat === null || lng === null) continue;
    return { lat, lng, label: typeof r.display_name === 'string' ? r.display_name : '' };
  }
  return null;
}

/** A coordinate with exactly 8 decimals (about 1 mm), as shown and copied. */
export function formatCoord(v: number): string {
  const s = v.toFixed(8);
  return /^-0\.0+$/.test(s) ? s.slice(1) : s;
}

/** Leaflet longitudes grow past ±180 when the world wraps; bring them back. */
export function wrapLng(lng: number): number {
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return w === -180 && lng > 0 ? 180 : w;
}

/** What "Copiar coordenadas" puts on the clipboard: `-23.96080000, -46.33360000`. */
export function coordsText(p: LatLng): string {
  return `${formatCoord(p.lat)}, ${formatCoord(wrapLng(p.lng))}`;
}
