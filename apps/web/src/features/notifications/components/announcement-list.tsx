import type { CustomerNotificationWire } from '@shop/shared/contract/orders';
import { imageUrlAtWidth } from '../../../lib/image-url';

/** The shop's announcements (the admin's "Send notification"): picture, title, description, when. Newest first. */
export function AnnouncementList({ announcements }: { announcements: readonly CustomerNotificationWire[] }) {
  return (
    <ul aria-label="Announcements" className="ui-list ui-stack">
      {announcements.map((item) => (
        <li key={item._id} aria-labelledby={`notice-${item._id}`} className="ui-surface is-flush announcement">
          {item.imageUrl && (
            // The words are in the title and description below; the picture adds no other information.
            <img src={imageUrlAtWidth(item.imageUrl, 480)} alt="" loading="lazy" className="announcement-image" />
          )}
          <div className="announcement-body">
            <h3 id={`notice-${item._id}`} className="ui-h3">
              {item.title}
            </h3>
            <p className="ui-p announcement-text">{item.description}</p>
            <p className="ui-p ui-body2 ui-muted announcement-date">
              {item.date} at {item.time}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
