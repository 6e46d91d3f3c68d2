import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldLook {
  label: ReactNode;
  /** Under the field: a hint, or the error's words when `error` is set. */
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  className?: string;
}

/**
 * The outlined box with its label inside while it is empty and not focused, on the border otherwise (styles/ui.css
 * reads the input's `:placeholder-shown`, so a field always has a placeholder, a space by default), the hint or error
 * below, shared by the three kinds of field. The
 * label is a real `<label for>`, so the field's accessible name is the label's words; the required mark is hidden
 * from assistive technology, which hears "required" from the field itself.
 */
function Field({
  id,
  label,
  helperText,
  error,
  fullWidth,
  className,
  required,
  disabled,
  children,
}: FieldLook & { id: string; required?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <div
      className={['ui-field', error && 'is-error', fullWidth && 'is-full', disabled && 'is-disabled', className].filter(Boolean).join(' ')}
    >
      <label className="ui-field-label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {helperText && (
        <p className="ui-field-helper" id={`${id}-helper`}>
          {helperText}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldLook & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

/** A text input (email, password, tel, number...) with its label. */
export function TextField({ label, helperText, error, fullWidth, className, id, placeholder = ' ', ...input }: TextFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <Field
      id={fieldId}
      label={label}
      helperText={helperText}
      error={error}
      fullWidth={fullWidth}
      className={className}
      required={input.required}
      disabled={input.disabled}
    >
      <input
        id={fieldId}
        className="ui-field-input"
        placeholder={placeholder}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? `${fieldId}-helper` : undefined}
        {...input}
      />
    </Field>
  );
}

type TextAreaFieldProps = FieldLook & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** Several lines of text (a note for the kitchen, an address's instructions). */
export function TextAreaField({
  label,
  helperText,
  error,
  fullWidth,
  className,
  id,
  rows = 3,
  placeholder = ' ',
  ...textarea
}: TextAreaFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <Field
      id={fieldId}
      label={label}
      helperText={helperText}
      error={error}
      fullWidth={fullWidth}
      className={className}
      required={textarea.required}
      disabled={textarea.disabled}
    >
      <textarea
        id={fieldId}
        className="ui-field-input"
        rows={rows}
        placeholder={placeholder}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? `${fieldId}-helper` : undefined}
        {...textarea}
      />
    </Field>
  );
}

type SelectFieldProps = FieldLook & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>;

/** The browser's own select, with `<option>` children: the phone's own picker on a phone. */
export function SelectField({ label, helperText, error, fullWidth, className, id, children, ...select }: SelectFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <Field
      id={fieldId}
      label={label}
      helperText={helperText}
      error={error}
      fullWidth={fullWidth}
      className={className}
      required={select.required}
      disabled={select.disabled}
    >
      <select
        id={fieldId}
        className="ui-field-input is-select"
        aria-invalid={error || undefined}
        aria-describedby={helperText ? `${fieldId}-helper` : undefined}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
}
