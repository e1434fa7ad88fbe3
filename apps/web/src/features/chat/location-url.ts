/**
 * Pasting a map address into the location form fills lat and lng (spec section 5): the fifth path segment
 * (counting the empty one before the first '/', as the original splits the URL on '/') holds "lat,lng",
 * possibly after an '@', e.g. https://www.google.com/maps/place/Santiago/@-33.45,-70.66,12z.
 */
export const parseMapUrl = (text: string): { lat: number; lng: number } | null => {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const segments = url.pathname.split('/');
  // pathname '/maps/place/Santiago/@-33.45,-70.66,12z' splits into ['', 'maps', 'place', 'Santiago', '@…'].
  const segment = segments[4];
  if (!segment) return null;
  const [latText, lngText] = segment.replace('@', '').split(',');
  if (latText === undefined || lngText === undefined || latText.trim() === '' || lngText.trim() === '')
    return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
};

/** A location opens as a maps search, a plain link: nothing is loaded from outside. */
export const mapsSearchUrl = (lat: number, lng: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
