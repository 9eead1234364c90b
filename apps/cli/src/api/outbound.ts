/**
 * The service's outbound HTTP policy (public addresses only, redirects checked) for the commands that go on the
 * network (vat check, invoice verify/extract with remote engines, address structure): its own chunk, so undici is
 * loaded only by them (see config.ts beside this file).
 */
import { createOutboundFetch, outboundFetchFor } from '@kontor/api';

export { createOutboundFetch, outboundFetchFor };
