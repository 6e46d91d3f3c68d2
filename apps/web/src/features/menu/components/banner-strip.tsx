import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
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
  return (
    <Box
      component="section"
      aria-label="Offers"
      sx={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: { xs: '85%', sm: '48%', md: '32%' },
        gap: 1.5,
        overflowX: 'auto',
        mb: 2,
        scrollSnapType: 'x mandatory',
      }}
    >
      {list.map((banner, index) => (
        <Box
          key={banner._id}
          component="img"
          src={banner.imageUrl ?? ''}
          alt={`Offer ${index + 1}`}
          loading={index === 0 ? 'eager' : 'lazy'}
          sx={{ width: '100%', aspectRatio: '16 / 7', objectFit: 'cover', borderRadius: 2, bgcolor: 'grey.100', scrollSnapAlign: 'start' }}
        />
      ))}
    </Box>
  );
}
