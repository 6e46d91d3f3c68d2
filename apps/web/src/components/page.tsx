import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageProps {
  /** The screen's heading, also used for the browser tab. */
  title: string;
  /** Overrides the tab title when it should differ from the heading. */
  documentTitle?: string;
  /** Content placed on the heading's row, e.g. an "Add" button. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: one h1 and the tab title, then the screen's content. */
export function Page({ title, documentTitle, actions, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="page-title" variant="h1" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
