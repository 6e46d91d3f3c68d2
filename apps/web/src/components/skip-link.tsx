import Box from '@mui/material/Box';

/** Lets keyboard users jump past the navigation; visible only when focused. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
