import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/**
 * Builds the web app's server rendering (`vite build --ssr src/entry-server.tsx`, as
 * `npm run build -w @thaiyal/web` does) into `{distDir}/server`, so a test can serve pages
 * rendered by the real components from a web build of its own (about 5 s on two cores).
 * @throws when the build fails, with Vite's output.
 */
export async function buildServerRendering(distDir: string): Promise<void> {
  const vite = join(createRequire(join(webDir, 'package.json')).resolve('vite/package.json'), '..', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', join(distDir, 'server'), '--emptyOutDir', '--logLevel', 'warn'],
    // As `npm run build` runs it: vitest's NODE_ENV=test would make Vite compile JSX for React's development build.
    { cwd: webDir, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } },
  );
}
