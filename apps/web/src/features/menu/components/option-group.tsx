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
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: list ? 'minmax(0, 1fr)' : `repeat(${columns}, minmax(0, 1fr))`, gap: 0.5 }}
    >
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
            sx={{
              minWidth: 0,
              boxShadow: 'none',
              ...(list
                ? { px: 1, py: 0.5, fontSize: '0.8125rem', lineHeight: 1.3, justifyContent: 'space-between', gap: 1, textAlign: 'left' }
                : { px: 0.5, py: 0.25, fontSize: '0.75rem', lineHeight: 1.25, whiteSpace: 'normal' }),
              '&.Mui-disabled': { color: 'text.secondary', borderStyle: 'dashed', borderColor: 'grey.400', bgcolor: 'grey.50' },
            }}
          >
            {list ? (
              <>
                <span>{option.label}</span>
                {/* The space keeps the name 'Stuffed Crust +£2.00'; between flex items it takes no room. */}
                {option.note && ' '}
                {option.note && (
                  <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                    {option.note}
                  </Box>
                )}
              </>
            ) : (
              <>
                {option.label}
                {option.note ? ` ${option.note}` : ''}
              </>
            )}
          </Button>
        );
      })}
    </Box>
  );
}
