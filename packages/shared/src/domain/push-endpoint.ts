/**
 * Which Web Push endpoints the shop posts to (decision 1702). A browser's subscription names the URL of its push
 * service, but the URL arrives in a customer's request, so the shop would otherwise post wherever a customer says,
 * its own network included. Only an https URL on a public host name passes: no IP literal, no localhost, no
 * single-label name, no name under a suffix meant for private networks. `allowLocal` (a test-only setting that
 * production refuses) admits a stand-in on the machine itself, http or https.
 */

/** Suffixes of names that resolve only inside a network (RFC 6761, RFC 6762, ICANN's .internal, home routers). */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'lan',
  'home',
  'home.arpa',
  'intranet',
  'corp',
  'private',
  'test',
  'invalid',
  'example',
];

/** The URL's length a push service's endpoint stays well under. */
export const PUSH_ENDPOINT_MAX = 2048;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why the shop refuses to post to this endpoint, in a sentence; null when it may. */
export function pushEndpointProblem(endpoint: string, options: { allowLocal?: boolean } = {}): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return `The push endpoint is longer than ${PUSH_ENDPOINT_MAX} characters`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL';
  }
  const host = url.hostname.toLowerCase();
  if (options.allowLocal && isLoopbackHost(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL';
  if (url.username !== '' || url.password !== '') return 'The push endpoint may not carry a user name or password';
  if (host.startsWith('[') || IPV4.test(host) || /^[0-9.]+$/.test(host) || /^0x/i.test(host))
    return 'The push endpoint must name its push service, not an IP address';
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return 'The push endpoint must be on a public host name';
  if (PRIVATE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`)))
    return 'The push endpoint must be on a public host name, not one of a private network';
  if (url.port !== '' && url.port !== '443') return 'The push endpoint must use the https port';
  return null;
}
