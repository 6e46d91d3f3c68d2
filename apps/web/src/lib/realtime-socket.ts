import { useEffect, useState, useSyncExternalStore } from 'react';
import { SOCKET_CLIENT_OPTIONS } from '@shop/shared/contract/socket-names';
import { useSession } from './use-session';

/**
 * The browser's end of the realtime socket (docs/api.md, "Realtime socket"). One connection per tab, opened while
 * somebody is signed in and a screen asks for it, or for a visitor by a screen that asks for one too (the menu, for
 * `menu_changed`); the socket.io client is its own chunk, imported when the first screen asks, so the storefront's
 * first load never carries it. The server chooses the rooms from the session cookie; when the user changes (sign out,
 * sign in as somebody else) the connection is closed and a new one opened, so its rooms follow the cookie.
 *
 * An event only says "this order changed": screens refetch through the HTTP API, which checks who may see what.
 *
 * An order's tracking page (decision 1502) asks for its order's room too: the connection is then opened with
 * `auth: {track: token}`, besides the session's rooms, for as long as that page is open. Every screen's hook sees the
 * same token (a store of the module), so they all ask for the one connection and never reopen it in turn.
 *
 * Apart from realtime.ts (the order events and their schemas) and without zod, so the storefront's sockets (the menu's,
 * the opening status's) do not evaluate the contract's schemas.
 */

/** The part of socket.io's client `Socket` the app uses (the component tests' stand-in has the same). */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener?: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): unknown;
}

let current: { owner: string; socket: Promise<RealtimeSocket> } | null = null;

/** The owner of a connection opened without a session: it hears only what every connection hears. */
const VISITOR = 'visitor';

/** The tracking token a screen asks the connection to carry; null when none does. */
let trackToken: string | null = null;
const trackListeners = new Set<() => void>();

function setTrackToken(token: string | null): void {
  if (trackToken === token) return;
  trackToken = token;
  for (const listener of trackListeners) listener();
}

function subscribeTrack(listener: () => void): () => void {
  trackListeners.add(listener);
  return () => trackListeners.delete(listener);
}

const readTrack = () => trackToken;
const noTrackOnServer = () => null;

const TRACK_SUFFIX = '|track:';

function socketFor(owner: string, track: string | null): Promise<RealtimeSocket> {
  if (current?.owner === owner) return current.socket;
  closeRealtime();
  const socket = import('socket.io-client').then(({ io }): RealtimeSocket =>
    io({ ...SOCKET_CLIENT_OPTIONS, transports: [...SOCKET_CLIENT_OPTIONS.transports], ...(track ? { auth: { track } } : {}) }),
  );
  current = { owner, socket };
  return socket;
}

/** Closes this tab's connection (signing out does, through useRealtimeSocket). */
export function closeRealtime(): void {
  const closing = current;
  current = null;
  void closing?.socket.then((socket) => socket.close());
}

/**
 * The tab's socket while somebody is signed in, else null; with `visitors`, a visitor's socket too (the menu's
 * `menu_changed` reaches every connection); with `track` (an order's tracking token), a socket that is in that
 * order's room too, signed in or not, while the screen that asks is mounted.
 */
export function useRealtimeSocket({ visitors = false, track }: { visitors?: boolean; track?: string } = {}): RealtimeSocket | null {
  const { user, isLoading } = useSession();
  const tracked = useSyncExternalStore(subscribeTrack, readTrack, noTrackOnServer);
  const wanted = Boolean(user) || visitors || Boolean(track);
  const owner = wanted ? `${user ? `${user.role}:${user.email}` : VISITOR}${tracked ? `${TRACK_SUFFIX}${tracked}` : ''}` : null;
  const [opened, setOpened] = useState<{ owner: string; socket: RealtimeSocket } | null>(null);

  // The tracking screen's token is the connection's while the screen is mounted.
  useEffect(() => {
    if (!track) return undefined;
    setTrackToken(track);
    return () => {
      if (trackToken === track) setTrackToken(null);
    };
  }, [track]);

  useEffect(() => {
    if (isLoading) return undefined;
    // A tracking screen's own token comes through the store; until it has, it waits rather than open one without.
    if (track && tracked !== track) return undefined;
    if (!owner) {
      // Signed out: a connection of somebody's session goes; a visitor's (a screen asked for one) stays.
      if (!current?.owner.startsWith(VISITOR)) closeRealtime();
      return undefined;
    }
    let live = true;
    void socketFor(owner, tracked).then((socket) => {
      if (live) setOpened({ owner, socket });
    });
    return () => {
      live = false;
    };
  }, [owner, isLoading, track, tracked]);

  // A socket opened for somebody else (before a sign-out or a change of user) is never handed out.
  return opened && opened.owner === owner ? opened.socket : null;
}
