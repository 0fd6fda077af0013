import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { repoRoot } from '../config.js';

/** s3rver's fixed credentials: it checks signatures against them. */
export const FAKE_S3_KEY = 'S3RVER';

export interface FakeS3 {
  endpoint: string;
  /** The S3_* settings that point the app at this fake, with `bucket`. */
  config(bucket: string): {
    S3_BUCKET: string;
    S3_REGION: string;
    S3_ENDPOINT: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: boolean;
  };
  createBucket(bucket: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fake S3 server (s3rver, which speaks the S3 REST protocol and checks signatures) on a
 * loopback port, in a child process of its own: its memory is not the test's, so a test can
 * measure the app's memory alone. Its multipart uploads follow S3's documented protocol,
 * refusals included (fake-s3-multipart.mjs).
 */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-s3-'));
  const protocol = new URL('./fake-s3-multipart.mjs', import.meta.url).href;
  const script = `
    import S3rver from 's3rver';
    import { installMultipartProtocol } from ${JSON.stringify(protocol)};
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)} });
    installMultipartProtocol(server);
    const { port } = await server.run();
    process.stdout.write('PORT ' + port + '\\n');
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
  `;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`fake S3 did not start: ${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fake S3 exited with ${code}: ${stderr}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket: string) => ({
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: FAKE_S3_KEY,
    S3_SECRET_ACCESS_KEY: FAKE_S3_KEY,
    S3_FORCE_PATH_STYLE: true,
  });
  return {
    endpoint,
    config,
    async createBucket(bucket) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: FAKE_S3_KEY, secretAccessKey: FAKE_S3_KEY },
      });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
