/** Types for the untyped `iban` package (0.0.x), limited to what Kontor uses. */
declare module 'iban' {
  interface Specification {
    countryCode: string;
    length: number;
    structure: string;
    example: string;
    isValid(iban: string): boolean;
    isValidBBAN(bban: string): boolean;
  }
  const IBAN: {
    isValid(iban: string): boolean;
    isValidBBAN(countryCode: string, bban: string): boolean;
    electronicFormat(iban: string): string;
    printFormat(iban: string, separator?: string): string;
    countries: Record<string, Specification>;
  };
  export default IBAN;
}
