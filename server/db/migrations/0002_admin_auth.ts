import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('attempt_id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_address')
    .on('login_failures')
    .columns(['address', 'failed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('admin_sessions').execute();
}
