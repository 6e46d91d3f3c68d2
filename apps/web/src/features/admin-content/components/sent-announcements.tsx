import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { imageUrlAtWidth } from '../../../lib/image-url';
import { useAnnouncements } from '../api/content-api';

/** The announcements sent so far (`GET /api/allnotification`), newest first, as customers see them. */
export function SentAnnouncements() {
  const announcements = useAnnouncements();
  const list = announcements.data ?? [];
  return (
    <Box component="section" aria-labelledby="sent-heading" sx={{ mt: 4 }}>
      <Typography id="sent-heading" variant="h2" sx={{ mb: 1.5 }}>
        Sent notifications
      </Typography>
      {announcements.isPending && <CircularProgress aria-label="Loading the sent notifications" />}
      {announcements.isError && <Alert severity="error">{announcements.error.message}</Alert>}
      {announcements.isSuccess && list.length === 0 && <Typography color="text.secondary">No notification sent yet.</Typography>}
      {list.length > 0 && (
        <Box component="ul" aria-label="Sent notifications" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, maxWidth: 900 }}>
          {list.map((item) => (
            <Paper
              component="li"
              key={item._id}
              variant="outlined"
              aria-labelledby={`sent-${item._id}`}
              sx={{
                listStyle: 'none',
                p: 1.5,
                display: 'grid',
                gridTemplateColumns: { xs: '64px 1fr', sm: '96px 1fr' },
                gap: 2,
                alignItems: 'start',
              }}
            >
              <Box
                sx={{
                  width: { xs: 64, sm: 96 },
                  aspectRatio: '1',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'grey.100',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: 'grey.500',
                }}
              >
                {item.imageUrl ? (
                  <Box
                    component="img"
                    src={imageUrlAtWidth(item.imageUrl, 160)}
                    alt=""
                    loading="lazy"
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <NotificationsIcon aria-hidden />
                )}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h3" component="h3" id={`sent-${item._id}`} sx={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.description}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  Sent {item.date} at {item.time}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
