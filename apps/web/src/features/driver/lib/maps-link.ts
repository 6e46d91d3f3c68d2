/**
 * The link a stop's address opens (decision 1703): Google Maps' cross-platform URL with the address as the
 * destination, `https://www.google.com/maps/dir/?api=1&destination=…`. On Android and iPhone it opens the Maps app
 * when installed, else the browser, and starts directions from where the phone is. A `geo:` URI opens only on
 * Android; Apple's maps.apple.com only does so on Apple's phones.
 */
export function mapsLink(addressLines: readonly string[], postcode: string): string {
  const destination = [...addressLines, postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const query = new URLSearchParams({ api: '1', destination, travelmode: 'driving' });
  return `https://www.google.com/maps/dir/?${query.toString()}`;
}

/** A `tel:` link dials the number as stored (E.164, '+447700900123'), whatever the phone's country. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
