import { useId, type CSSProperties } from 'react';

export interface Option<T extends string> {
  value: T;
  label: string;
  /** e.g. '+£2.00'; shown after the label. */
  note?: string;
  disabled?: boolean;
}

interface OptionGroupProps<T extends string> {
  /** Read out as the group's name, e.g. 'Size'. */
  label: string;
  /** The radios' name, sent with the card's form (size, crust, type); a name of the group's own by default. */
  name?: string;
  options: Option<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Columns on the card: sizes sit two by two on a phone-width card. */
  columns?: number;
  /**
   * 'list': one choice a row, its note at the row's end (crusts: 'Stuffed Crust +£2.00' on one line of a
   * phone-width card, where three columns broke it over three lines).
   */
  layout?: 'grid' | 'list';
}

/**
 * One choice of a few (size, crust, wing type): radios in a fieldset, each drawn as a chip, the checked one filled
 * (styles/storefront.css draws them from the radio's own state, so a choice made before the app runs shows at once).
 * A choice that cannot be taken stays readable, in the secondary text colour (about 5.7:1 on the card's white), and
 * is told apart by its dashed outline.
 */
export function OptionGroup<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
  columns = 2,
  layout = 'grid',
}: OptionGroupProps<T>) {
  const ownName = useId();
  const list = layout === 'list';
  return (
    <fieldset
      className={list ? 'option-group is-list' : 'option-group'}
      style={columns !== 2 ? ({ '--option-columns': columns } as CSSProperties) : undefined}
    >
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="card-button option-chip">
          <input
            type="radio"
            name={name ?? ownName}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            // Enter chooses, as it did on the chips when they were buttons, rather than submitting the card's form.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onChange(option.value);
            }}
          />
          {list ? (
            <>
              <span>{option.label}</span>
              {/* The space keeps the name 'Stuffed Crust +£2.00'; between flex items it takes no room. */}
              {option.note && ' '}
              {option.note && <span className="option-note">{option.note}</span>}
            </>
          ) : (
            <>
              {option.label}
              {option.note ? ` ${option.note}` : ''}
            </>
          )}
        </label>
      ))}
    </fieldset>
  );
}
