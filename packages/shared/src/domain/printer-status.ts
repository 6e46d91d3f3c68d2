/**
 * Whether a receipt printer is online, as the printers screen shows it. Pure: the instant comes in as an argument.
 *
 * A printer is online only when it answered: it was last seen (a probe it answered, a ticket it took, a poll of
 * CloudPRNT) within `onlineSeconds`, and no error came after that answer. The server records an error with the
 * moment it happened when it has one (`lastErrorAt`); a stored error without its moment is taken as the latest
 * word, because every answer clears the error (markPrinted, a probe answered, a good poll) and every failure sets it.
 */
export interface PrinterSighting {
  lastSeenAt: Date | null;
  lastError: string | null;
  /** When the error happened, when known. */
  lastErrorAt?: Date | null;
}

export function printerIsOnline(printer: PrinterSighting, now: Date, onlineSeconds: number): boolean {
  const seen = printer.lastSeenAt;
  if (!seen || now.getTime() - seen.getTime() > onlineSeconds * 1000) return false;
  if (printer.lastError === null) return true;
  return printer.lastErrorAt ? printer.lastErrorAt.getTime() < seen.getTime() : false;
}
