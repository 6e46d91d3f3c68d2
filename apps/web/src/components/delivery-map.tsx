import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** Leaflet sets the attribution as HTML: the shop's words are shown as text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DeliveryMapProps {
  /** The shop's tile URL template ({z}/{x}/{y}) and the attribution its provider asks for. */
  tileUrl: string;
  attribution: string;
  position: { lat: number; lng: number; at: string };
}

/** The driver's last shown position on the shop's map tiles (a lazy chunk: Leaflet is in it, not the first load). */
export default function DeliveryMap({ tileUrl, attribution, position }: DeliveryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const { lat, lng } = position;

  useEffect(() => {
    if (!container.current) return undefined;
    const created = L.map(container.current, { scrollWheelZoom: false }).setView([lat, lng], 15);
    L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 19 }).addTo(created);
    marker.current = L.marker([lat, lng], {
      title: 'Your driver',
      icon: L.divIcon({ className: 'delivery-map-driver', iconSize: [18, 18] }),
    }).addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once per tile source; the position moves its marker below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, attribution]);

  useEffect(() => {
    marker.current?.setLatLng([lat, lng]);
    map.current?.panTo([lat, lng]);
  }, [lat, lng]);

  return <div ref={container} role="region" aria-label="Map of where your driver is" className="delivery-map" />;
}
