import { serve } from './serve.ts';

// `npm start` (scripts/start.mjs) runs this file: the production server, no other options.
serve();
