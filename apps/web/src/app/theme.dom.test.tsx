import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackOfficeTheme } from './back-office-theme';

// The back office draws MUI with the shop's theme, given the ordinary way (app/back-office-theme.tsx around the admin
// layout); MUI itself is not changed, so outside that provider it draws its own defaults.
function ThemeFacts() {
  const theme = useTheme();
  return <p>{`${theme.palette.primary.main} ${theme.breakpoints.values.md} ${theme.typography.button.textTransform}`}</p>;
}

function Parts() {
  return (
    <>
      <Button variant="contained">Checkout</Button>
      <Box sx={{ color: 'primary.main' }}>Purple words</Box>
      <ThemeFacts />
    </>
  );
}

describe("the back office's theme", () => {
  it("is what MUI's components, Box's sx and useTheme read inside BackOfficeTheme", () => {
    render(
      <BackOfficeTheme>
        <Parts />
      </BackOfficeTheme>,
    );
    // A contained Button paints its background with this custom property (MUI 7).
    expect(getComputedStyle(screen.getByRole('button', { name: 'Checkout' })).getPropertyValue('--variant-containedBg')).toBe('#5b4bdb');
    expect(getComputedStyle(screen.getByText('Purple words')).color).toBe('rgb(91, 75, 219)');
    expect(screen.getByText('#5b4bdb 1000 none')).toBeInTheDocument();
  });

  it("leaves MUI's own default theme outside it: no library is patched", () => {
    render(<Parts />);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Checkout' })).getPropertyValue('--variant-containedBg')).toBe('#1976d2');
    expect(screen.getByText('#1976d2 900 uppercase')).toBeInTheDocument();
  });
});
