import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

export type Severity = 'error' | 'warning' | 'info' | 'success';

const SEVERITY_ICON: Record<Severity, IconName> = {
  error: 'errorOutline',
  warning: 'warningAmber',
  info: 'infoOutlined',
  success: 'successOutlined',
};

interface AlertProps {
  severity: Severity;
  /** Bold first line. */
  title?: ReactNode;
  /** A button or link at the end, e.g. Retry. */
  action?: ReactNode;
  /** Without the severity's icon, for a short note in a narrow place. */
  icon?: boolean;
  /** "alert" interrupts a screen reader (an error); "status" waits its turn (a note). Default "alert". */
  role?: 'alert' | 'status' | 'none';
  className?: string;
  children?: ReactNode;
}

/** A message in a tinted box with its severity's icon: a failure, a warning, a note or a success. */
export function Alert({ severity, title, action, icon = true, role = 'alert', className, children }: AlertProps) {
  return (
    <div role={role === 'none' ? undefined : role} className={['ui-alert', `is-${severity}`, className].filter(Boolean).join(' ')}>
      {icon && (
        <span className="ui-alert-icon">
          <Icon name={SEVERITY_ICON[severity]} />
        </span>
      )}
      <div className="ui-alert-message">
        {title && <div className="ui-alert-title">{title}</div>}
        {children}
      </div>
      {action && <div className="ui-alert-action">{action}</div>}
    </div>
  );
}
