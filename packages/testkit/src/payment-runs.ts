/** Payment runs for tests (synthetic parties, valid mod-97 IBANs). Each call returns a fresh copy. */

/** Tuesday 10 March 2026, 11:00 in Berlin. */
export const NOW = new Date('2026-03-10T10:00:00Z');
export const now = () => NOW;

export function sctRun(): Record<string, any> {
  return {
    debtor: {
      name: 'Musterfirma Handels AG',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      address: { streetName: 'Hauptstraße', buildingNumber: '1', postCode: '50667', townName: 'Köln', countryCode: 'DE' },
    },
    requestedExecutionDate: '2026-03-16',
    initiatingPartyId: 'KONTOR-TEST-1',
    payments: [
      {
        creditorName: 'Müller & Söhne GmbH',
        creditorIban: 'DE28100100100001234567',
        creditorBic: 'PBNKDEFFXXX',
        amount: 1500,
        remittanceInfo: 'Rechnung 2026-001',
        endToEndId: 'E2E-0001',
        instructionId: 'INSTR-0001',
        creditorAddress: { streetName: 'Industriestraße', buildingNumber: '12a', postCode: '10115', townName: 'Berlin', countryCode: 'DE' },
        purposeCode: 'SUPP',
        ultimateCreditor: { name: 'Filiale Nord', id: 'FN-1' },
      },
      { creditorName: 'Erika Mustermann', creditorIban: 'DE02500105170005400246', amount: '2999.99', categoryPurpose: 'SALA', remittanceInfo: 'Gehalt März 2026' },
      { creditorName: 'Société Générale Client', creditorIban: 'FR7630006000011234567890189', amount: 10.5, instrPrty: 'HIGH', ultimateDebtor: { name: 'Abteilung Einkauf' } },
      { creditorName: 'Später AG', creditorIban: 'AT611904300234573201', amount: 0.01, requestedExecutionDate: '2026-03-20' },
    ],
  };
}

export function axzRun(): Record<string, any> {
  return {
    debtor: {
      name: 'Musterfirma Handels AG',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      currency: 'EUR',
      address: { streetName: 'Hauptstraße', buildingNumber: '1', postCode: '50667', townName: 'Köln', countryCode: 'DE' },
    },
    requestedExecutionDate: '2026-03-16',
    payments: [
      {
        creditorName: 'Example Supplies Inc.',
        creditorAccountOther: '000123456789',
        creditorAgent: { bic: 'CHASUS33XXX', clearingSystemId: 'USABA', clearingMemberId: '021000021' },
        creditorAddress: { streetName: 'Broadway', buildingNumber: '350', postCode: '10013', townName: 'New York', countrySubDivision: 'NY', countryCode: 'US' },
        amount: 25000,
        currency: 'USD',
        serviceLevel: 'URGP',
        purposeCode: 'GDDS',
        remittanceInfo: 'Invoice 2026-0042',
        endToEndId: 'INV-US-2026-0042',
        ultimateDebtor: { name: 'Tochter GmbH', address: { townName: 'Bonn', countryCode: 'DE' } },
      },
      { creditorName: 'Beispiel AG', creditorIban: 'CH9300762011623852957', amount: 1250.5, currency: 'CHF', chargeBearer: 'DEBT', creditorAddress: { townName: 'Zürich', countryCode: 'CH' } },
      {
        creditorName: 'Tokyo Trading KK',
        creditorAccountOther: '1234567',
        creditorAgent: { name: 'Mizuho Bank', address: { townName: 'Tokyo', countryCode: 'JP' } },
        amount: 120000,
        currency: 'JPY',
        chargeBearer: 'CRED',
        creditorAddress: { townName: 'Tokyo', countryCode: 'JP' },
        ultimateCreditor: { name: 'Tokyo Trading Holdings' },
      },
    ],
  };
}
