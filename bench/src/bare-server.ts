// The baseline: a bare `node:http` server on the same machine, same Node, same run, answering a small JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ data: [] });
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(process.env.PORT ?? 3402), '127.0.0.1', () => process.stdout.write('ready\n'));
