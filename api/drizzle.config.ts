import { defineConfig } from 'drizzle-kit';

/** One migrations folder serves both drivers (embedded PGlite and a real PostgreSQL server). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
