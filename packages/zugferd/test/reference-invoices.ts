/** The reference invoices (data in @kontor/testkit) completed by @kontor/cii, typed for zugferd's tests. */
import { completeInvoice, type DraftInvoice, type InvoiceInput } from '@kontor/cii';
import { referenceInvoices as drafts, type ReferenceInvoice as Generic } from '@kontor/testkit/reference-invoices';

export type ReferenceInvoice = Generic<InvoiceInput>;

export function referenceInvoices(): ReferenceInvoice[] {
  return drafts((d) => completeInvoice(d as unknown as DraftInvoice));
}
