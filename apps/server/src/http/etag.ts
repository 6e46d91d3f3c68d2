import { createHash } from 'node:crypto';

/** A strong ETag of a body the server sends many times (the menu lists, the index page): a hash of its bytes. */
export function strongEtagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether a request's If-None-Match names the current representation, whose strong ETag is `etag`: a list of
 * tags compared weakly (a `W/` tag matches the same opaque tag), or `*` (RFC 9110, section 13.1.2). When it does,
 * the answer is a 304 without a body.
 */
export function isCurrentEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === etag || candidate === '*';
  });
}
