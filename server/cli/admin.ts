import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../platform/passwords.ts';
import { EmailTakenError, createUser, findUserByEmail, normalizeEmail } from '../account/index.ts';
import { emailSchema, newPasswordSchema } from '../../src/contract/account.ts';

const USAGE = `Usage: npm run admin -- create --email <email> --password <password> [--first-name <name>] [--last-name <name>]

Creates a SuperAdmin account (email already verified) on the configured database
(DATABASE_URL, or the embedded database under DATA_DIR). SuperAdmins cannot register
through the web app. With the embedded database, stop the server first: only one
process may open it at a time.`;

export class AdminCliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface NewSuperAdmin {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** Validates with the contract's own rules and creates the SuperAdmin. */
export async function createSuperAdmin(db: Db, input: NewSuperAdmin, now = new Date()) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminCliError(`Invalid --email: ${email.error.issues[0]?.message}`, 2);
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new AdminCliError(`Invalid --password: ${password.error.issues[0]?.message}`, 2);
  const firstName = (input.firstName ?? 'Super').trim();
  const lastName = (input.lastName ?? 'Admin').trim();
  if (!firstName || firstName.length > 100) throw new AdminCliError('Invalid --first-name: give 1 to 100 characters.', 2);
  if (!lastName || lastName.length > 100) throw new AdminCliError('Invalid --last-name: give 1 to 100 characters.', 2);

  const normalized = normalizeEmail(email.data);
  if (await findUserByEmail(db, normalized))
    throw new AdminCliError(`An account with the email ${normalized} already exists; nothing was changed.`);
  try {
    return await createUser(db, {
      email: normalized,
      passwordHash: await hashPassword(password.data),
      firstName,
      lastName,
      role: 'SuperAdmin',
      emailVerifiedAt: now,
    });
  } catch (err) {
    if (err instanceof EmailTakenError)
      throw new AdminCliError(`An account with the email ${normalized} already exists; nothing was changed.`);
    throw err;
  }
}

/** Runs the command line; returns the exit code. */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: { log(line: string): void; error(line: string): void } = console,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    out.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'create') {
    out.error(`${positionals.length ? `Unknown command: ${positionals.join(' ')}` : 'No command given.'}\n\n${USAGE}`);
    return 2;
  }
  if (!values.email || !values.password) {
    out.error(`create needs --email and --password.\n\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      out.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  try {
    const user = await createSuperAdmin(database.db, {
      email: values.email,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    out.log(`Created SuperAdmin ${user.email} (${user.firstName} ${user.lastName}, id ${user.id}) on ${where}. They can sign in now.`);
    return 0;
  } catch (err) {
    if (err instanceof AdminCliError) {
      out.error(err.message);
      return err.exitCode;
    }
    throw err;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
