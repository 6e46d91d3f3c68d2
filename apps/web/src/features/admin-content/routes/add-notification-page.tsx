import { Page } from '../../../components/page';
import { AnnouncementForm } from '../components/announcement-form';
import { SentAnnouncements } from '../components/sent-announcements';

/** `/addnotification`: send an announcement to every customer (their /notification page), and see those sent. */
export function AddNotificationPage() {
  return (
    <Page title="Send Notification">
      <AnnouncementForm />
      <SentAnnouncements />
    </Page>
  );
}
