import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { BannerWire } from '@shop/shared/contract/catalogue';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useAdminBanners, useDeleteBanner } from '../api/content-api';

export const DELETE_BANNER_QUESTION = 'Do you want to delete this banner?';
export const BANNER_DELETED = 'Banner Deleted Successfully';
export const BANNER_DELETE_FAILED = 'Banner Deletion Failed!';

/** The banners on the storefront's offers strip, in its order (newest first), each with Delete (asked first). */
export function BannerList() {
  const banners = useAdminBanners();
  const remove = useDeleteBanner();
  const [asking, setAsking] = useState<{ banner: BannerWire; number: number } | null>(null);
  const list = banners.data ?? [];

  const confirm = () => {
    if (!asking) return;
    remove.mutate(asking.banner._id, {
      onSuccess: (answer) =>
        showToast(answer.deletedCount > 0 ? BANNER_DELETED : BANNER_DELETE_FAILED, answer.deletedCount > 0 ? 'success' : 'error'),
      onError: () => showToast(BANNER_DELETE_FAILED, 'error'),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <Box component="section" aria-labelledby="banners-heading" sx={{ mt: 4 }}>
      <Typography id="banners-heading" variant="h2" sx={{ mb: 1.5 }}>
        Current banners
      </Typography>
      {banners.isPending && <CircularProgress aria-label="Loading the banners" />}
      {banners.isError && <Alert severity="error">{banners.error.message}</Alert>}
      {banners.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">No banners yet: the home page shows no offers strip.</Typography>
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label="Banners"
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {list.map((banner, index) => (
            <Paper component="li" key={banner._id} variant="outlined" sx={{ listStyle: 'none', overflow: 'hidden' }}>
              <Box
                component="img"
                src={banner.imageUrl ?? ''}
                alt={`Banner ${index + 1}`}
                loading="lazy"
                sx={{ display: 'block', width: '100%', aspectRatio: '16 / 7', objectFit: 'cover', bgcolor: 'grey.100' }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  Banner {index + 1}
                </Typography>
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  aria-label={`Delete banner ${index + 1}`}
                  onClick={() => setAsking({ banner, number: index + 1 })}
                >
                  Delete
                </Button>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={asking !== null}
        question={DELETE_BANNER_QUESTION}
        detail={asking ? `Banner ${asking.number} leaves the home page's offers strip.` : undefined}
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => {
          if (!remove.isPending) setAsking(null);
        }}
      />
    </Box>
  );
}
