import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server that answers every request with a 500 and the envelope the API gives, for
 * calls whose failures the page must swallow. `answered` resolves once the first answer is sent.
 */
export async function failingServer() {
  const requests: Array<{ method: string; url: string }> = [];
  let markAnswered: () => void = () => {};
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: null,
        state: { hasError: true, hasData: false, errors: ['Database is down'] },
        success: false,
        message: 'Database is down',
      }),
      markAnswered,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
