import { type Kysely, sql } from 'kysely';

/**
 * Issue 33: buyer sign-out ends the session token on the server. A buyer's token is a signed JWT that
 * would otherwise hold for BUYER_SESSION_DAYS; `POST /api/auth/logout` writes its `jti` here, and every
 * buyer call and chat handshake looks it up (the primary key: one indexed read). `expires_at` is when the
 * token would have run out anyway: past it the row says nothing and the periodic purge removes it
 * (its index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table buyer_token_revocations (
    jti varchar(100) primary key,
    user_id varchar(255) not null,
    expires_at text not null,
    revoked_at text not null
  )`.execute(db);
  await sql`create index buyer_token_revocations_expires on buyer_token_revocations (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('buyer_token_revocations').execute();
}
