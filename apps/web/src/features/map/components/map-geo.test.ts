import { describe, expect, it } from 'vitest';
import { coordsText, formatCoord, geocoderSearchUrl, parseGeocoderAnswer, wrapLng } from './map-geo';

describe('geocoderSearchUrl', () => {
  it('asks for one JSON hit of the address', () => {
    expect(geocoderSearchUrl('https://nominatim.openstreetmap.org/search', ' Praça Mauá, Santos ')).toBe(
      'https://nominatim.openstreetmap.org/search?format=json&limit=1&q=Pra%C3%A7a+Mau%C3%A1%2C+Santos',
    );
  });

  it('keeps a query the configured URL already has', () => {
    expect(geocoderSearchUrl('http://127.0.0.1:3101/search?countrycodes=br', 'a&b')).toBe(
      'http://127.0.0.1:3101/search?countrycodes=br&format=json&limit=1&q=a%26b',
    );
  });
});

describe('parseGeocoderAnswer', () => {
  it('reads the first hit of a Nominatim answer (strings)', () => {
    expect(
      parseGeocoderAnswer([
        { lat: '-23.9608', lon: '-46.3336', display_name: 'Praça Mauá, Santos' },
        { lat: '1', lon: '2', display_name: 'outro' },
      ]),
    ).toEqual({ lat: -23.9608, lng: -46.3336, label: 'Praça Mauá, Santos' });
  });

  it('accepts numbers and a missing name', () => {
    expect(parseGeocoderAnswer([{ lat: 10, lon: 20 }])).toEqual({ lat: 10, lng: 20, label: '' });
  });

  it('is null for an empty list or anything else', () => {
    expect(parseGeocoderAnswer([])).toBeNull();
    expect(parseGeocoderAnswer({ lat: '1', lon: '2' })).toBeNull();
    expect(parseGeocoderAnswer(null)).toBeNull();
    expect(parseGeocoderAnswer('[]')).toBeNull();
  });

  it('skips hits without usable coordinates', () => {
    expect(
      parseGeocoderAnswer([
        { lat: '', lon: '1' },
        { lat: 'abc', lon: '1' },
        { lat: '91', lon: '1' },
        { lat: '1', lon: '-181' },
        null,
        { lat: '-1.5', lon: '2.5', display_name: 'ok' },
      ]),
    ).toEqual({ lat: -1.5, lng: 2.5, label: 'ok' });
  });
});

describe('formatCoord / coordsText', () => {
  it('shows 8 decimals', () => {
    expect(formatCoord(-23.9608)).toBe('-23.96080000');
    expect(formatCoord(-46.333600004)).toBe('-46.33360000');
    expect(formatCoord(1.123456789)).toBe('1.12345679');
    expect(formatCoord(0)).toBe('0.00000000');
    expect(formatCoord(-0.000000001)).toBe('0.00000000');
  });

  it('copies "lat, lng" with the longitude wrapped into ±180', () => {
    expect(coordsText({ lat: -23.9608, lng: -46.3336 })).toBe('-23.96080000, -46.33360000');
    expect(coordsText({ lat: 10, lng: 313.6664 })).toBe('10.00000000, -46.33360000');
  });

  it('wraps longitudes', () => {
    expect(wrapLng(-46.5)).toBe(-46.5);
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(180)).toBe(180);
    expect(wrapLng(-180)).toBe(-180);
  });
});
