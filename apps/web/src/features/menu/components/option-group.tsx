import type { CSSProperties } from 'react';

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
 * A row of pressed/unpressed buttons: one choice of a few (size, crust, wing type). A choice that cannot be taken
 * (thin crust at the smallest size) stays readable, in the secondary text colour (about 5.7:1 on the card's white)
 * rather than MUI's disabled grey (1.9:1), and is told apart by its dashed outline.
 */
export function OptionGroup<T extends string>({ label, options, value, onChange, columns = 2, layout = 'grid' }: OptionGroupProps<T>) {
  const list = layout === 'list';
  // Plain buttons with the static classes of styles/storefront.css, not MUI's Button: a pizza card has seven of them
  // and the Pizza view a dozen cards, each Button's Emotion styles serialised again while the page hydrated
  // (decision 1103).
  return (
    <div
      role="group"
      aria-label={label}
      className={list ? 'option-group is-list' : 'option-group'}
      style={columns !== 2 ? ({ '--option-columns': columns } as CSSProperties) : undefined}
    >
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            disabled={option.disabled}
            onClick={() => onChange(option.value)}
            className={pressed ? 'card-button is-contained' : 'card-button is-outlined'}
          >
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
          </button>
        );
      })}
    </div>
  );
}
