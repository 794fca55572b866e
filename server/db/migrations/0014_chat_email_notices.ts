import type { Kysely } from 'kysely';

/** Issue 18: placeholder, filled in by its feature. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
