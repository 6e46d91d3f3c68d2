import type { ShopTrader } from '@shop/shared/contract/settings';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { ChoiceGroup, Radio, Skeleton, TextField } from '../../../components/ui';
import type { ContactDraft, ContactProblems } from '../lib/collection';

interface FulfilmentChooserProps {
  value: Fulfilment;
  onChange(value: Fulfilment): void;
  /** The shop a collection order is collected from; undefined while it loads. */
  shop: ShopTrader | undefined;
  /** Whether a collection asks who collects (a guest's own details say it: false). */
  askContact?: boolean;
  contact: ContactDraft;
  onContact(contact: ContactDraft): void;
  /** The contact's problems, shown once the customer has tried to place the order. */
  problems: ContactProblems;
}

/**
 * Checkout's first choice: Delivery or Collection. Collection asks for a name and a phone number (the shop calls when
 * the order is late to be collected) and shows the shop's address to collect from.
 */
export function FulfilmentChooser({ value, onChange, shop, askContact = true, contact, onContact, problems }: FulfilmentChooserProps) {
  const choose = (event: { target: { value: string } }) => onChange(event.target.value as Fulfilment);
  return (
    <div className="ui-stack is-tight">
      <ChoiceGroup legend="Delivery or collection" row role="radiogroup" className="checkout-choices is-spaced">
        <Radio name="fulfilment" value="delivery" label="Delivery" checked={value === 'delivery'} onChange={choose} />
        <Radio name="fulfilment" value="collection" label="Collection" checked={value === 'collection'} onChange={choose} />
      </ChoiceGroup>
      {value === 'collection' && (
        <div className="ui-stack">
          <section aria-labelledby="collect-from-heading">
            <h2 id="collect-from-heading" className="ui-subtitle checkout-collect-heading">
              Collect from
            </h2>
            {shop ? (
              <address className="checkout-shop-address">
                {[shop.name, ...shop.address].map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ) : (
              <Skeleton height={60} />
            )}
          </section>
          {askContact && (
            <>
              <TextField
                label="Your name"
                value={contact.name}
                onChange={(event) => onContact({ ...contact, name: event.target.value })}
                error={Boolean(problems.name)}
                helperText={problems.name}
                autoComplete="name"
                maxLength={100}
              />
              <TextField
                label="Phone number"
                value={contact.phone}
                onChange={(event) => onContact({ ...contact, phone: event.target.value })}
                error={Boolean(problems.phone)}
                helperText={problems.phone ?? 'So we can call you about your order'}
                autoComplete="tel"
                type="tel"
                maxLength={40}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
