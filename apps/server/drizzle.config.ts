import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they need no database.
// The same folder is applied to PGlite and PostgreSQL at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/all.ts',
  out: './apps/server/src/db/migrations',
});
