import { ButtonLink } from '../../components/ui';
import { Page } from '../../components/page';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <Page title="Page Not Found">
      <p className="ui-p ui-muted not-found-text">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <ButtonLink to={paths.home} variant="contained">
        Back to the menu
      </ButtonLink>
    </Page>
  );
}
