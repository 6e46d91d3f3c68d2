import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

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
}

/** A row of pressed/unpressed buttons: one choice of a few (size, crust, wing type). */
export function OptionGroup<T extends string>({ label, options, value, onChange, columns = 2 }: OptionGroupProps<T>) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 0.5 }}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            size="small"
            variant={pressed ? 'contained' : 'outlined'}
            aria-pressed={pressed}
            disabled={option.disabled}
            onClick={() => onChange(option.value)}
            sx={{ minWidth: 0, px: 0.5, py: 0.25, fontSize: '0.75rem', lineHeight: 1.25, whiteSpace: 'normal', boxShadow: 'none' }}
          >
            {option.label}
            {option.note ? ` ${option.note}` : ''}
          </Button>
        );
      })}
    </Box>
  );
}
