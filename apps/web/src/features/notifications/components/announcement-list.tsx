import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CustomerNotificationWire } from '@shop/shared/contract/orders';
import { imageUrlAtWidth } from '../../../lib/image-url';

/** The shop's announcements (the admin's "Send notification"): picture, title, description, when. Newest first. */
export function AnnouncementList({ announcements }: { announcements: readonly CustomerNotificationWire[] }) {
  return (
    <Box component="ul" aria-label="Announcements" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
      {announcements.map((item) => (
        <Paper
          component="li"
          key={item._id}
          variant="outlined"
          aria-labelledby={`notice-${item._id}`}
          sx={{ listStyle: 'none', overflow: 'hidden' }}
        >
          {item.imageUrl && (
            // The words are in the title and description below; the picture adds no other information.
            <Box
              component="img"
              src={imageUrlAtWidth(item.imageUrl, 480)}
              alt=""
              loading="lazy"
              sx={{ display: 'block', width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', bgcolor: 'grey.100' }}
            />
          )}
          <Box sx={{ p: 2 }}>
            <Typography variant="h3" component="h3" id={`notice-${item._id}`}>
              {item.title}
            </Typography>
            <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.description}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {item.date} at {item.time}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
