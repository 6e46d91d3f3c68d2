import type { OrderSlot } from '@shop/shared/contract/shop-status';
import { ChoiceGroup, Radio, SelectField } from '../../../components/ui';

export type WhenMode = 'asap' | 'later';

interface WhenChooserProps {
  /** Whether an order for as soon as possible is taken now; while closed or paused only slots are offered. */
  asapAllowed: boolean;
  /** 'Delivery in about 45 min' beside 'As soon as possible', when known. */
  quote: string | null;
  mode: WhenMode;
  onMode(mode: WhenMode): void;
  /** The slots of GET /api/order-slots (undefined while they load). */
  slots: readonly OrderSlot[] | undefined;
  /** The slot chosen (its `at`), or null when there is none. */
  slotAt: string | null;
  onSlot(at: string): void;
}

/** Checkout's 'When': as soon as possible, or a 15-minute slot later today or tomorrow. */
export function WhenChooser({ asapAllowed, quote, mode, onMode, slots, slotAt, onSlot }: WhenChooserProps) {
  const later = !asapAllowed || mode === 'later';
  const choose = (event: { target: { value: string } }) => onMode(event.target.value as WhenMode);
  return (
    <div className="checkout-when">
      <ChoiceGroup legend="When" role="radiogroup" className="checkout-choices">
        {asapAllowed && (
          <Radio
            name="order-when"
            value="asap"
            label={quote ? `As soon as possible · ${quote}` : 'As soon as possible'}
            checked={!later}
            onChange={choose}
          />
        )}
        <Radio
          name="order-when"
          value="later"
          label="Order ahead for later"
          checked={later}
          onChange={choose}
          disabled={slots !== undefined && slots.length === 0}
        />
      </ChoiceGroup>
      {later && slots && slots.length > 0 && (
        <SelectField label="Time" value={slotAt ?? ''} onChange={(event) => onSlot(event.target.value)} className="checkout-time">
          {/* Until the customer picks a time the select shows none: a select left alone would show (and seem to have
              chosen) its first time. */}
          {slotAt === null && <option value="" disabled hidden />}
          {slots.map((slot) => (
            <option key={slot.at} value={slot.at}>
              {slot.label}
            </option>
          ))}
        </SelectField>
      )}
      {later && slots && slots.length === 0 && (
        <p className="ui-p ui-body2 ui-muted">There is no time left to order ahead for today or tomorrow.</p>
      )}
    </div>
  );
}
