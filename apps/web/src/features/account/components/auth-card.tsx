import type { FormEventHandler, ReactNode } from 'react';
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
    <div className="ui-narrow">
      <Page title={title}>
        {intro && <div className="auth-card-intro">{intro}</div>}
        <div className="ui-surface is-roomy">
          <form className="ui-stack" onSubmit={onSubmit}>
            {children}
          </form>
        </div>
        {footer && <div className="auth-card-footer">{footer}</div>}
      </Page>
    </div>
  );
}
