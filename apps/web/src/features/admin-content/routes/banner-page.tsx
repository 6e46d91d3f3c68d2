import { Page } from '../../../components/page';
import { BannerForm } from '../components/banner-form';
import { BannerList } from '../components/banner-list';

/** `/banner`: add a banner to the storefront's offers strip, and remove those there. */
export function BannerPage() {
  return (
    <Page title="Add Banner">
      <BannerForm />
      <BannerList />
    </Page>
  );
}
