import { describe, expect, it } from 'vitest';
import { parseAddress } from './parse';

const ok = (cc: string, lines: string[], parts: Record<string, string>) => it(`${cc}: ${lines.join(' / ')}`, () => expect(parseAddress(cc, lines)).toEqual({ confident: true, parts }));
const unsure = (cc: string, lines: string[]) => it(`${cc} unsure: ${lines.join(' / ')}`, () => expect(parseAddress(cc, lines).confident).toBe(false));

describe('deterministic address parser', () => {
  ok('DE', ['Musterstraße 12a', '10115 Berlin'], { streetName: 'Musterstraße', buildingNumber: '12a', postCode: '10115', townName: 'Berlin' });
  ok('DE', ['Am Markt', 'D-20095 Hamburg', 'Deutschland'], { streetName: 'Am Markt', postCode: '20095', townName: 'Hamburg' });
  ok('DE', ['Musterstr. 5, 10115 Berlin'], { streetName: 'Musterstr.', buildingNumber: '5', postCode: '10115', townName: 'Berlin' });
  ok('DE', ['10115 Berlin'], { postCode: '10115', townName: 'Berlin' });
  ok('AT', ['Stephansplatz 1', 'A-1010 Wien'], { streetName: 'Stephansplatz', buildingNumber: '1', postCode: '1010', townName: 'Wien' });
  ok('CH', ['Bahnhofstrasse 45', '8001 Zürich', 'Schweiz'], { streetName: 'Bahnhofstrasse', buildingNumber: '45', postCode: '8001', townName: 'Zürich' });
  ok('FR', ['12 bis rue de la Paix', '75002 Paris'], { streetName: 'rue de la Paix', buildingNumber: '12 bis', postCode: '75002', townName: 'Paris' });
  ok('FR', ['5, avenue Anatole France', '75007 Paris Cedex 07'], { streetName: 'avenue Anatole France', buildingNumber: '5', postCode: '75007', townName: 'Paris Cedex 07' });
  ok('IT', ['Via Roma 10', '00184 Roma RM'], { streetName: 'Via Roma', buildingNumber: '10', postCode: '00184', townName: 'Roma' });
  ok('ES', ['Calle Mayor, 5', '28013 Madrid'], { streetName: 'Calle Mayor', buildingNumber: '5', postCode: '28013', townName: 'Madrid' });
  ok('NL', ['Damrak 1-5', '1012 LG Amsterdam'], { streetName: 'Damrak', buildingNumber: '1-5', postCode: '1012 LG', townName: 'Amsterdam' });
  ok('BE', ['Rue de la Loi 16', '1000 Bruxelles'], { streetName: 'Rue de la Loi', buildingNumber: '16', postCode: '1000', townName: 'Bruxelles' });
  ok('PL', ['ul. Marszałkowska 10/12', '00-950 Warszawa'], { streetName: 'ul. Marszałkowska', buildingNumber: '10/12', postCode: '00-950', townName: 'Warszawa' });
  ok('GB', ['10 Downing Street', 'London', 'SW1A 2AA'], { streetName: 'Downing Street', buildingNumber: '10', postCode: 'SW1A 2AA', townName: 'London' });
  ok('GB', ['221B Baker Street', 'London NW1 6XE', 'United Kingdom'], { streetName: 'Baker Street', buildingNumber: '221B', postCode: 'NW1 6XE', townName: 'London' });
  ok('US', ['350 Broadway', 'New York, NY 10013'], { streetName: 'Broadway', buildingNumber: '350', postCode: '10013', townName: 'New York' });
  ok('US', ['1600 Pennsylvania Avenue NW', 'Washington, DC 20500-0003', 'USA'], { streetName: 'Pennsylvania Avenue NW', buildingNumber: '1600', postCode: '20500-0003', townName: 'Washington' });
  ok('LU', ['12, rue Erasme', 'L-1468 Luxembourg'], { streetName: 'rue Erasme', buildingNumber: '12', postCode: '1468', townName: 'Luxembourg' });
  ok('SE', ['Drottninggatan 5', '111 51 Stockholm'], { streetName: 'Drottninggatan', buildingNumber: '5', postCode: '111 51', townName: 'Stockholm' });

  unsure('DE', ['c/o Meier', 'Hauptstr. 5', '50667 Köln']);
  unsure('DE', ['Postfach 1234', '50667 Köln']);
  unsure('DE', ['Hauptstr. 5', 'Berlin']); // no postcode
  unsure('DE', ['Hauptstr. 5', '1011 Berlin']); // 4-digit postcode is not German
  unsure('ES', ['Calle Mayor 5, 3º B', '28013 Madrid']); // floor would be lost
  unsure('JP', ['1-1 Chiyoda', 'Tokyo 100-0001']); // no deterministic format
  unsure('DE', ['10115 Berlin', '20095 Hamburg']); // two town lines
});
