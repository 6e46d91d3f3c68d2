import { TextField } from '../../../components/ui';

/**
 * 'Password', the account's current one, asked again to confirm a change: saving the profile (decision 0101) and
 * deleting the account (decision 1002). One field so both ask it the same way: the browser's password manager fills
 * it (`autoComplete="current-password"`), it is required, and it says it is the current password.
 */
export function CurrentPasswordField({
  value,
  onChange,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Password"
      type="password"
      name="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText="Your current password"
      fullWidth
      autoFocus={autoFocus}
    />
  );
}
