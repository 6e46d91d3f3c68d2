import { describe, expect, it } from 'vitest';
import { isCurrentEtag, strongEtagOf } from './etag';

describe('isCurrentEtag', () => {
  const etag = '"abc123"';

  it.each([
    ['the same tag', '"abc123"'],
    ['the weak form of the tag', 'W/"abc123"'],
    ['the tag inside a list', '"old", "abc123"'],
    ['the weak tag inside a list without spaces', '"old",W/"abc123"'],
    ['a wildcard', '*'],
    ['a wildcard inside a list', '"old", *'],
  ])('matches %s', (_case, header) => {
    expect(isCurrentEtag(header, etag)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another tag', '"abc124"'],
    ['the tag without quotes', 'abc123'],
    ['a list of other tags', '"one", W/"two"'],
    ['a tag that only contains this one', '"abc123-gzip"'],
  ])('does not match %s', (_case, header) => {
    expect(isCurrentEtag(header, etag)).toBe(false);
  });
});

describe('strongEtagOf', () => {
  it('is a quoted hash that changes with the body and stays for the same body', () => {
    const etag = strongEtagOf('[{"a":1}]');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongEtagOf('[{"a":1}]')).toBe(etag);
    expect(strongEtagOf('[{"a":2}]')).not.toBe(etag);
  });
});
