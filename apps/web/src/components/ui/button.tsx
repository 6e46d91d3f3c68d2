import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'contained' | 'outlined' | 'text';

interface ButtonLook {
  /** Contained for the screen's main action, outlined for a second one, text for a quiet one. Default text. */
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  /** Red, for an action that deletes or cancels something. */
  danger?: boolean;
  fullWidth?: boolean;
  /** An icon before the words (an `<Icon>`). */
  startIcon?: ReactNode;
}

/** The classes of a button's look, for a link or a submit drawn as a button. */
export function buttonClass({ variant = 'text', size = 'medium', danger = false, fullWidth = false }: ButtonLook, extra?: string): string {
  return [
    'card-button',
    variant === 'text' ? 'is-flat' : `is-${variant}`,
    size !== 'medium' && `is-${size}`,
    danger && 'is-danger',
    fullWidth && 'is-full',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonLook &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Disables the button and shows a spinner in it while something it started is under way. */
    loading?: boolean;
  };

/** The storefront's button. `type` defaults to "button": a submit says so. */
export function Button({
  variant,
  size,
  danger,
  fullWidth,
  startIcon,
  loading = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, danger, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="ui-spinner is-in-button" aria-hidden="true" />}
      {startIcon && <span className="card-button-icon">{startIcon}</span>}
      {children}
    </button>
  );
}

/** A link of the app drawn as a button (e.g. Checkout, Add address). */
export function ButtonLink({ variant, size, danger, fullWidth, startIcon, className, children, ...rest }: ButtonLook & LinkProps) {
  return (
    <Link className={buttonClass({ variant, size, danger, fullWidth }, className)} {...rest}>
      {startIcon && <span className="card-button-icon">{startIcon}</span>}
      {children}
    </Link>
  );
}
