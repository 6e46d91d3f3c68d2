// What the infrastructure uses of the printers (issue 24): their events, which realtime sends to the admins.
export { onPrintersChanged, onPrintJobLate } from './events';
