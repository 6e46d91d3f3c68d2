/** Whether this browser can take Web Push: a service worker, the Push API and notifications (iOS only once installed). */
export function pushSupported(scope: { navigator?: Navigator; PushManager?: unknown; Notification?: unknown } = globalThis): boolean {
  return (
    scope.navigator !== undefined &&
    'serviceWorker' in scope.navigator &&
    scope.PushManager !== undefined &&
    scope.Notification !== undefined
  );
}

/** A VAPID public key (base64url) as pushManager.subscribe's applicationServerKey takes it. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
