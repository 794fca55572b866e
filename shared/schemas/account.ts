/**
 * The signed-in buyer's own settings in /account (issue 18): whether chat messages they have not read
 * are e-mailed to them. Order e-mails always go, so they are no setting.
 */
import '../zodConfig.js';
import { z } from 'zod';

export const accountPreferencesSchema = z.object({
  chat_emails: z.boolean({ error: 'must be true or false' }),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
