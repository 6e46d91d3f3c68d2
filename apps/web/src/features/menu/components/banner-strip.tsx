import { useQuery } from '@tanstack/react-query';
import { api, hasErrorCode } from '../../../lib/api';

type Banner = { _id: string; imageUrl?: string | null };

/** Banners are optional: a server without the banners route (NOT_FOUND) or with none shows nothing. */
async function fetchBanners(signal: AbortSignal): Promise<Banner[]> {
  try {
    const answer = await api.get<unknown>('/banners', { signal });
    return Array.isArray(answer) ? (answer as Banner[]).filter((banner) => typeof banner?.imageUrl === 'string') : [];
  } catch (error) {
    if (hasErrorCode(error, 'NOT_FOUND')) return [];
    throw error;
  }
}

export function BannerStrip() {
  const banners = useQuery({ queryKey: ['banners'], queryFn: ({ signal }) => fetchBanners(signal), staleTime: 5 * 60_000, retry: false });
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  // Static classes (styles/storefront.css): on the menu's first screen.
  return (
    <section aria-label="Offers" className="banner-strip">
      {list.map((banner, index) => (
        <img
          key={banner._id}
          src={banner.imageUrl ?? ''}
          alt={`Offer ${index + 1}`}
          loading={index === 0 ? 'eager' : 'lazy'}
          className="banner-strip-image"
        />
      ))}
    </section>
  );
}
