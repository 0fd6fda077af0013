import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Signs and checks the expiring URLs under which local storage serves files: an HMAC-SHA256
 * of the key and the expiry, so a URL cannot be moved to another file or kept past its time.
 */
export class UrlSigner {
  private secret: Promise<Buffer> | null = null;

  /** `secret` wins; otherwise the secret file is read, or created once (see loadSecretFile). */
  constructor(private readonly source: { secret?: string | undefined; file: string }) {}

  private key(): Promise<Buffer> {
    this.secret ??= this.source.secret ? Promise.resolve(Buffer.from(this.source.secret, 'utf8')) : loadSecretFile(this.source.file);
    // A failed read is retried on the next call instead of being remembered for good.
    this.secret.catch(() => {
      this.secret = null;
    });
    return this.secret;
  }

  /** A download name, when the URL has one, is signed with the key, so it cannot be swapped. */
  async sign(key: string, expiresUnix: number, downloadName?: string): Promise<string> {
    const signed = downloadName === undefined ? `${key}\n${expiresUnix}` : `${key}\n${expiresUnix}\n${downloadName}`;
    return createHmac('sha256', await this.key()).update(signed).digest('base64url');
  }

  /** True when the signature is the key's own (with its download name, if any) and the expiry has not passed. */
  async verify(key: string, expires: string | undefined, signature: string | undefined, now = new Date(), downloadName?: string): Promise<boolean> {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    const expected = Buffer.from(await this.sign(key, Number(expires), downloadName), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Number(expires) * 1000 > now.getTime();
  }
}

/**
 * The signing secret kept beside the files. Every instance that serves local files must share
 * the files' directory, so keeping the secret there shares it too, and it survives restarts
 * (URLs already handed out keep working). The first instance to start creates it; `wx` makes
 * a second one that races it read the winner's instead of overwriting it.
 */
async function loadSecretFile(file: string): Promise<Buffer> {
  try {
    return await readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecret(file);
}

async function readSecret(file: string): Promise<Buffer> {
  const text = (await fs.readFile(file, 'utf8')).trim();
  // A file caught half-written by a racing instance is read again shortly after.
  if (text.length < 32) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = (await fs.readFile(file, 'utf8')).trim();
    if (again.length < 32) throw new Error(`the file URL secret in ${file} is shorter than 32 characters`);
    return Buffer.from(again, 'utf8');
  }
  return Buffer.from(text, 'utf8');
}
