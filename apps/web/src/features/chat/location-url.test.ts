import { describe, expect, it } from 'vitest';
import { mapsSearchUrl, parseMapUrl } from './location-url';

describe('pasting a map URL in the location form', () => {
  it('reads lat and lng from the fifth path segment, dropping the @', () => {
    expect(parseMapUrl('https://www.google.com/maps/place/Santiago/@-33.45,-70.66,12z')).toEqual({
      lat: -33.45,
      lng: -70.66,
    });
  });

  it('accepts the pair without @', () => {
    expect(parseMapUrl('https://maps.example.com/a/b/c/-33.1,70.2')).toEqual({ lat: -33.1, lng: 70.2 });
  });

  it('refuses text that is not a URL, a short path, or a non-numeric pair', () => {
    expect(parseMapUrl('Santiago centro')).toBeNull();
    expect(parseMapUrl('https://www.google.com/maps/place/Santiago')).toBeNull();
    expect(parseMapUrl('https://www.google.com/maps/place/Santiago/@abc,-70.66')).toBeNull();
    expect(parseMapUrl('https://www.google.com/maps/place/Santiago/@-33.45')).toBeNull();
    expect(parseMapUrl('https://www.google.com/maps/place/Santiago/@-133.45,-70.66')).toBeNull();
  });

  it('opens a location as a maps search link', () => {
    expect(mapsSearchUrl(-33.45, -70.66)).toBe(
      'https://www.google.com/maps/search/?api=1&query=-33.45,-70.66',
    );
  });
});
