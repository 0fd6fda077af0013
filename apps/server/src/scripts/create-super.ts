import { parseArgs } from 'node:util';
import { ACCOUNT_TYPE, INFO_STATUS, email as emailField, newPassword } from '@nearcast/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { hashPassword, newReferralCode } from '../modules/account/crypto.js';
import * as accountsRepo from '../modules/account/repository.js';

/**
 * Creates the first super admin on a real database:
 *   DATABASE_URL=postgres://… npm run create-super -- --email you@company.com --password '…'
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  const email = emailField().safeParse(values.email ?? '');
  const password = newPassword().safeParse(values.password ?? '');
  if (!email.success || !password.success) {
    console.error('Usage: npm run create-super -- --email <email> --password <8+ chars with a letter and a digit> [--name <name>]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const row = await accountsRepo.insertAccount(database.db, {
      email: email.data,
      passwordHash: await hashPassword(password.data, config.SCRYPT_LOG_N),
      username: values.name ?? 'super',
      name: values.name ?? 'Super Admin',
      accountType: ACCOUNT_TYPE.super,
      infoStatus: INFO_STATUS.complete,
      referralCode: newReferralCode(),
    });
    if (!row) {
      console.error(`An account with the email ${email.data} already exists.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Created super admin #${row.id} <${row.email}> on the ${database.kind} database.`);
  } finally {
    await database.close();
  }
}

void main();
