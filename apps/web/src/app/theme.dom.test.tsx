import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';

// The shop's theme is MUI's default theme (apps/web/build/mui-shop-theme.ts, decision 1103): with no ThemeProvider,
// MUI's components and useTheme still draw the shop's purple, its breakpoints and its type, not MUI's defaults.
function ThemeFacts() {
  const theme = useTheme();
  return <p>{`${theme.palette.primary.main} ${theme.breakpoints.values.md} ${theme.typography.button.textTransform}`}</p>;
}

describe("the shop's theme without a ThemeProvider", () => {
  it("is what MUI's components, Box's sx and useTheme read", () => {
    render(
      <Providers>
        <Button variant="contained">Checkout</Button>
        <Box sx={{ color: 'primary.main' }}>Purple words</Box>
        <ThemeFacts />
      </Providers>,
    );
    // A contained Button paints its background with this custom property (MUI 7).
    expect(getComputedStyle(screen.getByRole('button', { name: 'Checkout' })).getPropertyValue('--variant-containedBg')).toBe('#5b4bdb');
    expect(getComputedStyle(screen.getByText('Purple words')).color).toBe('rgb(91, 75, 219)');
    expect(screen.getByText('#5b4bdb 1000 none')).toBeInTheDocument();
  });
});
