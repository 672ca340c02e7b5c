import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { RenderPage } from '@thaiyal/contract/pages';

// import.meta.dirname: under jsdom, `URL` is jsdom's, which Node's fileURLToPath refuses.
const webDir = resolve(import.meta.dirname, '..', '..');

/**
 * The web app's server rendering as the server runs it, built by `vite build --ssr` (with
 * React's development build, which reports what its production build keeps quiet) into a
 * directory of its own under web/node_modules/.cache, with its own copy of React and the libraries: rendering it in the same
 * process as the browser's React shares nothing with it. About 5 s on two cores.
 * @throws when the build fails, with Vite's output.
 */
export async function buildServerRender(): Promise<RenderPage> {
  // Inside the web package, where the test runner resolves modules as it does the app's.
  const cache = join(webDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'ssr-test-'));
  const vite = join(createRequire(join(webDir, 'package.json')).resolve('vite/package.json'), '..', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entry-server.tsx', '--mode', 'development', '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: webDir, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'development' } },
  );
  const module = (await import(/* @vite-ignore */ join(outDir, 'entry-server.js'))) as { render: RenderPage };
  return module.render;
}
