// The load side of bench:links, in its own process so the visits it sends never share an event
// loop with the server it measures. Reads its row from argv (JSON), answers autocannon's result
// over IPC: { url, rate, seconds, agent, visitors } — visitors 0 means one address for all.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
// autocannon reports p90 and p97.5; the budget is on p95, so ask its histogram library for it too.
const { percentiles } = require('hdr-histogram-percentiles-obj');
if (!percentiles.includes(95)) percentiles.splice(percentiles.indexOf(97.5), 0, 95);

const { url, rate, seconds, agent, visitors } = JSON.parse(process.argv[2]);
let index = 0;
const result = await autocannon({
  url,
  connections: 50,
  overallRate: rate,
  duration: seconds,
  requests: [
    {
      setupRequest: (request) => {
        index += 1;
        const address = visitors > 0 ? `10.${(index % visitors) >> 8}.${(index % visitors) & 255}.9` : '203.0.113.50';
        return { ...request, headers: { ...request.headers, 'user-agent': agent, 'x-forwarded-for': address } };
      },
    },
  ],
});
process.send({
  total: result.requests.total,
  latency: result.latency,
  redirects: result.statusCodeStats['302']?.count ?? 0,
  errors: result.errors + result.timeouts,
});
