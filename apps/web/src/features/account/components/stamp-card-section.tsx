import { StampCard } from '../../../components/stamp-card';
import { useLoyalty } from '../../../lib/loyalty';
import { useSession } from '../../../lib/use-session';

/** 'Stamp card' on the profile, while the shop runs one: the stamps collected and the reward. */
export function StampCardSection() {
  const { user } = useSession();
  const loyalty = useLoyalty(Boolean(user));
  if (!loyalty.data?.enabled) return null;
  return (
    <section aria-labelledby="stamp-card-title" className="my-data">
      <h2 id="stamp-card-title" className="my-data-title">
        Stamp card
      </h2>
      <p className="ui-p ui-muted my-data-text">Each completed order earns a stamp. Spend a full card at checkout.</p>
      <StampCard card={loyalty.data} />
    </section>
  );
}
