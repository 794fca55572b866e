/**
 * `npm run admin:unlock`: ends every admin login lockout (docs/architecture.md §6: 5 failed logins in 15 minutes
 * lock an address out), for an operator who locked themselves out. The failures are rows in the
 * database every app process shares, so one run clears them for all processes, running or not.
 * Runs from the production build (`dist/`), with the same DATA_DIR / DATABASE_URL as the server.
 */
import '../../shared/zodConfig.js';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { deleteAllLoginFailures } from '../modules/admin-auth/index.js';
import { openOperatorDatabase } from './operator-database.js';

/** Clears every lockout and says what it did, in one sentence. */
export async function unlockAdmin(env: NodeJS.ProcessEnv = process.env, pgSchema?: string): Promise<string> {
  const handle = openOperatorDatabase(loadConfig(env), pgSchema);
  try {
    const cleared = await deleteAllLoginFailures(handle.db);
    return cleared === 0
      ? 'No admin login was locked: nothing to clear.'
      : `Cleared ${cleared} failed admin login${cleared === 1 ? '' : 's'}: the admin login is open again from every address.`;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  unlockAdmin().then(
    (sentence) => console.log(sentence),
    (error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
