/** GET /codelists/<name> (spec §4.1): anonymous code lists; the data is @kontor/cii's. */
import * as v from 'valibot';
import { CODELIST_NAMES, codelist } from '@kontor/cii';
import { defineRoute, type AnyRoute } from '../platform/registry';

const summaries: Record<(typeof CODELIST_NAMES)[number], string> = {
  'document-types': 'Document types (UNCL 1001 subset) with reference-field hints',
  'note-subjects': 'Note subject codes (UNTDID 4451, curated)',
  units: 'Units (UN/ECE Rec 20) with normalisation aliases; anything else falls back to piece',
  'vat-categories': 'VAT categories (BT-118) with rate and exemption rules',
  'payment-means': 'Payment means (BT-81, UNTDID 4461 subset) with direct-debit obligations',
  'attachment-types': 'Allowed attachment types per level (XML code list vs PDF/A-3)',
};

const Body = v.object({
  name: v.string(),
  title: v.string(),
  source: v.string(),
  businessTerms: v.array(v.string()),
  entries: v.array(v.record(v.string(), v.unknown())),
  notes: v.optional(v.array(v.string())),
});

export const codelistRoutes: AnyRoute[] = CODELIST_NAMES.map((name) =>
  defineRoute({
    method: 'get',
    path: `/codelists/${name}`,
    operationId: `codelist${name.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase())}`,
    summary: summaries[name],
    tags: ['meta'],
    auth: 'none',
    responses: { 200: { description: summaries[name], content: { 'application/json': { schema: Body } } } },
    errors: [],
    handler: ({ c }) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json(codelist(name));
    },
  }),
);
