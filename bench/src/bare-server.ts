// The baseline: a bare Fastify route on the same machine, same Node, same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ data: [] }));
await app.listen({ port: Number(process.env.PORT ?? 3402), host: '127.0.0.1' });
process.stdout.write('ready\n');
