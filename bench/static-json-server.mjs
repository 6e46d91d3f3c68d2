// The baseline: a bare Fastify route answering a fixed JSON body (the same bytes as the shop's menu answer).
import Fastify from 'fastify';

const body = process.env.BODY ?? '[]';
const app = Fastify({ logger: false });
app.get('/static.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
