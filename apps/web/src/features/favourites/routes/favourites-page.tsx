import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function FavouritesPage() {
  return (
    <Page title="My Favourites">
      <Typography color="text.secondary">The products you mark with the heart icon will be listed here.</Typography>
    </Page>
  );
}
