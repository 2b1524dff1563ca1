// The server `npm run bench` starts when it compares requests with and without authentication
// (bench/run.ts): the production start (apps/server/src/serve.ts) with the benchmark-only app
// option that lets a request carrying `x-verdict-bench-auth-off: 1` skip authentication and
// permission checks (apps/server/src/plugins/bench-auth-off.ts). Never start a server this way
// for anything else; `npm start` never passes the option.
import { serve } from '../apps/server/src/serve.ts';

serve({ benchmarkAuthOff: true });
