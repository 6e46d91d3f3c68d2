import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, hasErrorCode } from './api';

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
  });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('gets JSON from the path under /api with the session cookie', async () => {
    const fetchMock = stubFetch(answer(200, [{ _id: 'a', categoriName: 'Pizza' }]));
    await expect(api.get('/allcategori')).resolves.toEqual([{ _id: 'a', categoriName: 'Pizza' }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/allcategori');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = stubFetch(answer(200, { result: true }));
    await api.post('/login/', { email: 'a@b.co', password: 'x' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co","password":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('passes FormData through untouched, leaving the multipart header to the browser', async () => {
    const fetchMock = stubFetch(answer(200, { insertedId: 'x' }));
    const form = new FormData();
    form.append('categoriName', 'Pizza');
    await api.post('/allcategori', form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('adds extra headers such as an idempotency key', async () => {
    const fetchMock = stubFetch(answer(200, { insertedId: 'x' }));
    await api.post('/buy-product', { items: [] }, { headers: { 'Idempotency-Key': 'k1' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('throws the server message and status on a failed answer', async () => {
    stubFetch(answer(400, { statusCode: 400, error: 'Bad Request', message: 'Please Enter Category Name' }));
    const error = await api.put('/allcategori/1', { categoriName: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Please Enter Category Name' });
  });

  it('carries the code of the error body, for the app to decide on', async () => {
    stubFetch(
      answer(422, { statusCode: 422, error: 'Unprocessable Entity', message: 'Minimum order amount is £10.00', code: 'MINIMUM_ORDER' }),
    );
    const error = await api.post('/buy-product', { items: [] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: 'MINIMUM_ORDER', message: 'Minimum order amount is £10.00' });
    expect(hasErrorCode(error, 'SHOP_CLOSED', 'MINIMUM_ORDER')).toBe(true);
    expect(hasErrorCode(error, 'SHOP_CLOSED')).toBe(false);
  });

  it('keeps a code the table does not know (a newer server), which matches none; no code for no body or a malformed one', async () => {
    stubFetch(answer(400, { statusCode: 400, error: 'Bad Request', message: 'x', code: 'SOMETHING_NEW' }));
    const newer = await api.get('/allproduts').catch((e: unknown) => e);
    expect(newer).toMatchObject({ status: 400, code: 'SOMETHING_NEW' });
    expect(hasErrorCode(newer, 'VALIDATION_FAILED')).toBe(false);
    stubFetch(answer(400, { statusCode: 400, error: 'Bad Request', message: 'x', code: 'not a code' }));
    await expect(api.get('/allproduts')).rejects.toMatchObject({ status: 400, code: undefined });
    stubFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const failure = await api.get('/allproduts').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, code: undefined });
    expect(hasErrorCode(failure, 'PAYMENT_PROVIDER_ERROR')).toBe(false);
  });

  it('falls back to the status text when the failure has no message', async () => {
    stubFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.delete('/allproduts/1')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('reports a network failure as status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/allproduts')).rejects.toMatchObject({ status: 0, code: undefined });
  });

  it('answers undefined for an empty success', async () => {
    stubFetch(answer(204));
    await expect(api.post('/logout')).resolves.toBeUndefined();
  });
});
