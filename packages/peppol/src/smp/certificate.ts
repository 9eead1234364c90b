/** Reads the access point certificate of an SMP endpoint (base64 DER) with node:crypto. */
import { X509Certificate } from 'node:crypto';

export interface CertificateInfo {
  /** ISO 8601 instants. */
  notBefore: string;
  notAfter: string;
  /** Distinguished names as `C=DE, O=…, CN=…`. */
  subject: string;
  issuer: string;
  serialNumber: string;
  /** Whether `now` lies within notBefore..notAfter (the chain to the Peppol AP CA is not verified). */
  valid: boolean;
}

function distinguishedName(text: string): string {
  return text
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** Null when the text is not a base64 X.509 certificate. */
export function describeCertificate(base64: string, now: Date): CertificateInfo | null {
  const compact = base64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(compact, 'base64'));
  } catch {
    return null;
  }
  const notBefore = new Date(certificate.validFrom);
  const notAfter = new Date(certificate.validTo);
  if (Number.isNaN(notBefore.getTime()) || Number.isNaN(notAfter.getTime())) return null;
  return {
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    serialNumber: certificate.serialNumber,
    valid: now.getTime() >= notBefore.getTime() && now.getTime() <= notAfter.getTime(),
  };
}
