import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_DEEP, BODY_TOO_MANY_VALUES, JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonShapeProblem, registerJsonParser } from './json-body';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const list = (values: number) => `[${Array.from({ length: values }, () => '0').join(',')}]`;

describe('jsonShapeProblem', () => {
  it('lets through every depth up to the limit and refuses one more', () => {
    expect(jsonShapeProblem(nested(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonShapeProblem(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`)).toBeNull();
    expect(jsonShapeProblem(nested(JSON_MAX_DEPTH + 1))).toBe('too-deep');
    expect(jsonShapeProblem(`{"a":${nested(JSON_MAX_DEPTH)}}`)).toBe('too-deep');
  });

  it('counts depth, not brackets: many shallow lists side by side are fine', () => {
    expect(jsonShapeProblem(`[${Array.from({ length: 1000 }, () => nested(JSON_MAX_DEPTH - 1)).join(',')}]`)).toBeNull();
  });

  it('lets through a body of exactly the most values and refuses one more, however they are spread', () => {
    // The outer list is one value, and each of its members one more.
    expect(jsonShapeProblem(list(JSON_MAX_VALUES - 1))).toBeNull();
    expect(jsonShapeProblem(list(JSON_MAX_VALUES))).toBe('too-many-values');
    const rows = (count: number, each: number) => `[${Array.from({ length: count }, () => list(each)).join(',')}]`;
    // 1 + 100 lists + 100 × 499 numbers = 50,001.
    expect(jsonShapeProblem(rows(100, 499))).toBe('too-many-values');
    expect(jsonShapeProblem(rows(100, 498))).toBeNull();
    const objects = `{${Array.from({ length: JSON_MAX_VALUES }, (_, i) => `"k${i}":{}`).join(',')}}`;
    expect(jsonShapeProblem(objects)).toBe('too-many-values');
  });

  it('does not count brackets or commas inside strings, escaped quotes included', () => {
    expect(jsonShapeProblem(JSON.stringify({ note: nested(10_000), more: ','.repeat(JSON_MAX_VALUES + 10) }))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ note: `"${'['.repeat(100)}\\"[` }))).toBeNull();
    expect(jsonShapeProblem(`{"a\\"[[":"\\\\",${'['.repeat(JSON_MAX_DEPTH)}`)).toBe('too-deep');
  });

  it('answers at the first problem of a million-deep body of 2 MB', () => {
    expect(jsonShapeProblem(`{"items":${nested(1_000_000)}}`)).toBe('too-deep');
  });

  it('leaves malformed text to the parser', () => {
    for (const text of ['{', ']]]]', '"unterminated', '{"a":1,,,}', 'not json']) expect(jsonShapeProblem(text), text).toBeNull();
  });
});

describe('registerJsonParser', () => {
  async function appWithRoute() {
    // Room for the bodies below: the shop's own limits are body-limits.ts's, tested in test/body-limits.test.ts.
    const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
    registerJsonParser(app);
    const handled: unknown[] = [];
    app.post('/echo', async (request) => {
      handled.push(request.body);
      return { body: request.body ?? null };
    });
    await app.ready();
    return { app, handled };
  }

  const post = (app: Awaited<ReturnType<typeof appWithRoute>>['app'], payload: string) =>
    app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

  it('refuses a body nested too deep, or holding too many values, with 400 before the route runs', async () => {
    const { app, handled } = await appWithRoute();
    const deep = await post(app, `{"items":${nested(1_000_000)}}`);
    expect({ status: deep.statusCode, message: deep.json().message, code: deep.json().code }).toEqual({
      status: 400,
      message: BODY_TOO_DEEP,
      code: 'BODY_TOO_DEEP',
    });
    const many = await post(app, `{"items":${list(400_000)}}`);
    expect({ status: many.statusCode, message: many.json().message, code: many.json().code }).toEqual({
      status: 400,
      message: BODY_TOO_MANY_VALUES,
      code: 'BODY_TOO_MANY_VALUES',
    });
    expect(handled).toEqual([]);
    await app.close();
  });

  it('parses an ordinary body, takes an empty one as none, and still refuses prototype keys and malformed JSON', async () => {
    const { app, handled } = await appWithRoute();
    expect((await post(app, '{"items":[{"deal":{"items":[{"slot":0}]}}]}')).json()).toEqual({
      body: { items: [{ deal: { items: [{ slot: 0 }] } }] },
    });
    expect((await post(app, '  ')).json()).toEqual({ body: null });
    const proto = await post(app, '{"__proto__":{"role":"admin"}}');
    expect({ status: proto.statusCode, code: proto.json().code }).toEqual({ status: 400, code: 'UNSAFE_JSON_KEYS' });
    expect((await post(app, '{"a":')).statusCode).toBe(400);
    expect(handled).toHaveLength(2);
    await app.close();
  });
});
