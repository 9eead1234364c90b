/** @kontor/cii: EN 16931 invoice model, calculation, CII writer and reader, native EN 16931 / XRechnung rules, code lists. */
export {};
