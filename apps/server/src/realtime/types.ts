import type { Server, Socket } from 'socket.io';
import type {
  MENU_CHANGED,
  ORDER_CHANGED,
  ORDER_CONFIRMATION,
  ORDER_RECEIVED,
  ORDER_UPDATE,
  ORDER_UPDATED,
  RUNS_CHANGED,
  OrderChangedEvent,
  OrderEvent,
} from '@shop/shared/contract/realtime';
import type { PRINT_JOB_LATE, PRINTERS_CHANGED, PrintJobLateEvent } from '@shop/shared/contract/printers';
import type { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import type { SessionUser } from '../modules/auth/public';

/** Server to client: a nudge to refetch one order (to admins, with its status). */
export interface ServerToClientEvents {
  [ORDER_RECEIVED]: (event: OrderEvent) => void;
  [ORDER_UPDATED]: (event: OrderEvent) => void;
  [ORDER_CHANGED]: (event: OrderChangedEvent) => void;
  /** To every connection: the menu changed (issue 21), refetch it. */
  [MENU_CHANGED]: (event: Record<string, never>) => void;
  /** To every connection: busy mode, the pause or the kitchen's settings changed (decision 0901), with the opening status. */
  [SHOP_STATUS]: (event: OpeningStatus) => void;
  /** To admins: a ticket has waited over a minute without printing (issue 24): warn and ring. */
  [PRINT_JOB_LATE]: (event: PrintJobLateEvent) => void;
  /** To admins: a printer or its jobs changed (issue 24), refetch them. */
  [PRINTERS_CHANGED]: (event: Record<string, never>) => void;
  /** To a driver's own connections: their runs changed (decision 1700), refetch them. */
  [RUNS_CHANGED]: (event: Record<string, never>) => void;
}

/** Client to server, as the spec names them; the arguments are checked, never trusted. */
export interface ClientToServerEvents {
  [ORDER_UPDATE]: (...args: unknown[]) => void;
  [ORDER_CONFIRMATION]: (...args: unknown[]) => void;
}

/** What the handshake learnt from the session cookie; kept on the server only. */
export interface SocketData {
  user: SessionUser | null;
  /** The session cookie's token, to re-check the session when the client sends an event. */
  token: string | null;
  sessionId: string | null;
  /** How many more events the client may send now (client-events.ts). */
  budget: { take(): boolean };
  /** The order whose tracking page opened the socket (its token in the handshake's `auth.track`); null otherwise. */
  trackedOrderId: string | null;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
