// Creates a new embedded database in the directory given as the first argument, then exits.
// Run as a process of its own by embedded-client.ts on a server's first start: PostgreSQL's
// initdb, in PGlite, takes about 500 MB of WebAssembly memory that a process never gives back,
// so the server's own process opens the database only once it exists.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const pg = await PGlite.create(process.argv[2], { extensions: { pg_trgm } });
await pg.close();
