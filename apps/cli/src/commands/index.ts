/** Every CLI command. Each group module exports an array of commands; add yours here. */
import type { Command } from '../command';
import { serveCommands } from './serve';
import { schemaCommands } from './schemas';
import { adminCommands } from './admin';
import { vatCommands } from './vat';
import { peppolCommands } from './peppol';
import { camtCommands } from './camt';
import { invoiceValidateCommands } from './invoice-validate';
import { payCommands } from './pay';
import { invoiceCommands } from './invoice';
import { invoicePdfCommands } from './invoice-pdf';

export const allCommands: Command[] = [...serveCommands, ...schemaCommands, ...adminCommands, ...vatCommands, ...peppolCommands, ...camtCommands, ...invoiceValidateCommands, ...invoiceCommands, ...invoicePdfCommands, ...payCommands];
