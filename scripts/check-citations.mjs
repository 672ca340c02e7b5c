#!/usr/bin/env node
// `npm run lint` part: every source a comment cites must be something a reader of this
// repository can open (docs/architecture.md#code-shape).
// - No citation of documents that are not in the repository: the original brief (SPEC, by
//   section or file name), its design and style notes (DESIGN, STYLE, by file name), or an
//   issue number or title (the word issue, then a number and a section sign, or a quoted title).
// - Every `docs/<file>.md` named in code, tests, scripts or docs exists, and its `#anchor`,
//   when given, is one of that file's headings (GitHub's heading slugs).
// Exits 1 and lists each offence as file:line.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Files that may carry citations: tracked and not yet tracked, never ignored ones. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|cjs|js|css|html|md|sql|json)$/.test(file) || file === '.ci/run')
  .filter((file) => !file.endsWith('package-lock.json') && !file.includes('/migrations/meta/'))
  .filter((file) => existsSync(`${root}/${file}`));

const FORBIDDEN = [
  { pattern: /\bSPEC(?:\.md| §)/, what: 'the original brief (SPEC) is not in the repository: cite docs/product.md' },
  { pattern: /\bDESIGN\.md\b/, what: 'the design notes (DESIGN) are not in the repository: cite docs/architecture.md or docs/product.md' },
  { pattern: /\bSTYLE\.md\b/, what: 'the style notes (STYLE) are not in the repository: cite docs/architecture.md#code-shape' },
  { pattern: /\b[Ii]ssues? (?:\d+|"[^"]+")(?: §|\b)/, what: 'issue numbers are not in the repository: cite the doc that says it' },
];

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map();
/** The anchors of a Markdown file's headings (duplicates get -1, -2 as on GitHub). */
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const set = new Set();
    let fenced = false;
    for (const line of readFileSync(`${root}/${file}`, 'utf8').split('\n')) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const match = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (!match) continue;
      const slug = headingSlug(match[1].replace(/`/g, ''));
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      set.add(count === 0 ? slug : `${slug}-${count}`);
    }
    anchorsOf.set(file, set);
  }
  return anchorsOf.get(file);
}

const offences = [];
for (const file of files) {
  if (file === 'scripts/check-citations.mjs') continue;
  const lines = readFileSync(`${root}/${file}`, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const { pattern, what } of FORBIDDEN) if (pattern.test(line)) offences.push(`${where}: ${what}\n    ${line.trim()}`);
    for (const match of line.matchAll(/\bdocs\/[\w./-]+?\.md(?:#([\p{L}\p{M}\p{N}_-]+))?/gu)) {
      const [cited, anchor] = [match[0].split('#')[0], match[1]];
      if (!existsSync(`${root}/${cited}`)) offences.push(`${where}: ${cited} does not exist`);
      else if (anchor && !anchors(cited).has(anchor)) offences.push(`${where}: ${cited} has no heading #${anchor}`);
    }
  });
}

if (offences.length > 0) {
  console.error(`Citations that lead nowhere (${offences.length}):\n${offences.join('\n')}`);
  process.exit(1);
}
console.log(`Citations: ${files.length} files checked, every cited document and heading exists.`);
