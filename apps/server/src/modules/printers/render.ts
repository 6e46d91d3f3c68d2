import receiptline from 'receiptline';
import { TICKET_CHARS_PER_LINE } from '@shop/shared/domain/kitchen-ticket';

/** ESC/POS and StarPRNT both print the pound sign in PC858 (code page 19 on Epson, 4 on Star). */
const ENCODING = 'cp858';

export type PaperWidth = 80 | 58;

/** The ticket's bytes for a network printer: ESC/POS, ending with a full cut (GS V). */
export function escPosBytes(document: string, paperWidth: PaperWidth, copies: number): Buffer {
  const one = receiptline.transform(document, {
    cpl: TICKET_CHARS_PER_LINE[paperWidth],
    encoding: ENCODING,
    command: 'escpos',
    cutting: true,
  });
  return Buffer.from(one.repeat(copies), 'latin1');
}

/** The ticket's bytes for a Star printer over CloudPRNT (media type application/vnd.star.starprnt). */
export function starPrntBytes(document: string, paperWidth: PaperWidth, copies: number): Buffer {
  const one = receiptline.transform(document, {
    cpl: TICKET_CHARS_PER_LINE[paperWidth],
    encoding: ENCODING,
    command: 'starsbcs',
    cutting: true,
  });
  return Buffer.from(one.repeat(copies), 'latin1');
}

/** The ticket drawn as SVG for the back office (without receiptline's web font import: the page's CSP and privacy). */
export function ticketSvg(document: string, paperWidth: PaperWidth): string {
  const svg = receiptline.transform(document, { cpl: TICKET_CHARS_PER_LINE[paperWidth], encoding: ENCODING, command: 'svg' });
  return svg.replace(/<style type="text\/css"><!\[CDATA\[@import url\([^)]*\);\]\]><\/style>/, '');
}

/** The ticket as plain text, one printed line a line. */
export function ticketPlainText(document: string, paperWidth: PaperWidth): string {
  return receiptline.transform(document, { cpl: TICKET_CHARS_PER_LINE[paperWidth], encoding: ENCODING, command: 'text' });
}
