import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Page } from '../../../components/page';

interface AuthCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown under the heading, above the fields. */
  intro?: ReactNode;
  children: ReactNode;
  /** Below the form, e.g. the link to the other screen. */
  footer?: ReactNode;
}

/** The frame of the sign-in, sign-up and profile forms: a heading and a narrow card, centred. */
export function AuthCard({ title, onSubmit, intro, children, footer }: AuthCardProps) {
  return (
    <Box sx={{ maxWidth: 440, mx: 'auto' }}>
      <Page title={title}>
        {intro}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack component="form" noValidate={false} onSubmit={onSubmit} spacing={2}>
            {children}
          </Stack>
        </Paper>
        {footer && <Box sx={{ mt: 2, textAlign: 'center' }}>{footer}</Box>}
      </Page>
    </Box>
  );
}
