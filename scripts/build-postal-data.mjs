// Builds apps/server/src/modules/address/data/jp-postal.tsv.gz, the offline postal-code table of
// POST /api/address/zipcode, from the npm package jquery-jpostal-ja, which ships Japan Post's
// KEN_ALL (addresses) and JIGYOSYO (large business offices) data, cleaned and split into
// prefecture / city / town, as JSON files.
//
//   node scripts/build-postal-data.mjs [version]     (default: the version below)
//
// It runs `npm pack` (the npm registry only), reads the package's json/NNN.json files and writes
// one line per distinct (code, prefecture, city, town): `code\tprefId\tcity\ttown`, sorted by
// code, gzip-compressed, plus jp-postal.meta.json naming the source and its date. Nothing is
// downloaded when the shop installs or runs. Re-run it to refresh the data, then run the tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const PACKAGE = 'jquery-jpostal-ja';
const version = process.argv[2] ?? '2.14.73';
const outDir = path.resolve(import.meta.dirname, '../apps/server/src/modules/address/data');

// JIS X 0401 order: the index + 1 is the prefecture id of the shop (table prefectures).
const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県',
  '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県',
  '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県',
  '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県',
  '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
];

function unwrap(text) {
  // The files are JSONP: jQuery_jpostal_callback([...]);
  return JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')));
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'postal-'));
try {
  execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = fs.readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball');
  execFileSync('tar', ['xzf', path.join(work, tarball), '-C', work]);
  const jsonDir = path.join(work, 'package', 'json');

  // 000.json carries the data's version line, e.g. "ver2.13 2025-09-25 2025-09-30".
  const info = unwrap(fs.readFileSync(path.join(jsonDir, '000.json'), 'utf8')).find((r) => r[0] === '_000info');
  const lines = new Set();
  for (const file of fs.readdirSync(jsonDir).filter((f) => /^\d{3}\.json$/.test(f) && f !== '000.json')) {
    for (const row of unwrap(fs.readFileSync(path.join(jsonDir, file), 'utf8'))) {
      const [key, pref, city, town] = row;
      if (!/^_\d{7}$/.test(key)) continue; // 3-digit prefix rows of the plug-in's own lookup
      const prefId = PREFECTURES.indexOf(pref) + 1;
      if (prefId === 0) throw new Error(`unknown prefecture ${pref} in ${file}`);
      if (/[\t\n]/.test(city + town)) throw new Error(`tab or newline in ${key}`);
      lines.add(`${key.slice(1)}\t${prefId}\t${city}\t${town}`);
    }
  }
  const sorted = [...lines].sort((a, b) => (a.slice(0, 7) < b.slice(0, 7) ? -1 : a.slice(0, 7) > b.slice(0, 7) ? 1 : 0));
  const codes = new Set(sorted.map((l) => l.slice(0, 7))).size;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'jp-postal.tsv.gz'), zlib.gzipSync(`${sorted.join('\n')}\n`, { level: 9 }));
  const meta = {
    source: `npm ${PACKAGE}@${version} (Japan Post KEN_ALL and JIGYOSYO data)`,
    dataVersion: info ? String(info[2]) : 'unknown',
    rows: sorted.length,
    codes,
  };
  fs.writeFileSync(path.join(outDir, 'jp-postal.meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`${sorted.length} rows, ${codes} postal codes, data ${meta.dataVersion} → ${outDir}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
