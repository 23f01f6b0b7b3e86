import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../src/config";

/**
 * A real S3-compatible server on loopback (the npm package s3rver: the S3 REST protocol, signatures checked, objects
 * on disk), with one empty bucket. Its keys are s3rver's built-in account's.
 */
export async function startS3Store(options: { bucket?: string } = {}): Promise<{
  config: S3Config;
  env: Record<string, string>;
  directory: string;
  stop(): Promise<void>;
}> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-s3-"));
  const bucket = options.bucket ?? "shepherd-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const config: S3Config = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
  return {
    config,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
