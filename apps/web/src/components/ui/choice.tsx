import type { InputHTMLAttributes, ReactNode } from 'react';

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** A second, quieter line under the label (a price, a note). */
  note?: ReactNode;
};

/** A tick box with its words: a click on the words ticks it too. */
export function Checkbox({ label, note, className, ...input }: ChoiceProps) {
  return (
    <label className={['ui-choice', input.disabled && 'is-disabled', className].filter(Boolean).join(' ')}>
      <input type="checkbox" className="ui-choice-input" {...input} />
      <span className="ui-choice-label">
        {label}
        {note && <span className="ui-choice-note">{note}</span>}
      </span>
    </label>
  );
}

/** One of a group's round choices; give the group's radios one `name` and put them in a `<RadioGroup>`. */
export function Radio({ label, note, className, ...input }: ChoiceProps) {
  return (
    <label className={['ui-choice', input.disabled && 'is-disabled', className].filter(Boolean).join(' ')}>
      <input type="radio" className="ui-choice-input" {...input} />
      <span className="ui-choice-label">
        {label}
        {note && <span className="ui-choice-note">{note}</span>}
      </span>
    </label>
  );
}

/**
 * A set of radios or tick boxes under a legend: the legend names the group for assistive technology. A set of radios
 * may say so (`role="radiogroup"`), as a native radio group is announced.
 */
export function ChoiceGroup({
  legend,
  row = false,
  role,
  className,
  children,
}: {
  legend: ReactNode;
  row?: boolean;
  role?: 'radiogroup';
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset role={role} className={['ui-choice-group', row && 'is-row', className].filter(Boolean).join(' ')}>
      <legend className="ui-choice-legend">{legend}</legend>
      <div className="ui-choice-options">{children}</div>
    </fieldset>
  );
}
