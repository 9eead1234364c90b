/** @kontor/pdfa3: Generic PDF/A-3 writing (XMP, OutputIntent, embedded files /AF), reading embedded files, conformance checks. */
export {};
