// The storefront's own components (docs/decisions/1105-one-design-system-per-surface.md): plain elements with the
// classes of styles/ui.css. The back office draws with MUI; the storefront never imports it.
export { Alert, type Severity } from './alert';
export { Button, ButtonLink, buttonClass, type ButtonVariant } from './button';
export { Checkbox, ChoiceGroup, Radio } from './choice';
export { ConfirmDialog } from './confirm-dialog';
export { Dialog } from './dialog';
export { Icon, ICONS, type IconName } from './icon';
export { Skeleton, Spinner } from './spinner';
export { SelectField, TextAreaField, TextField } from './text-field';
