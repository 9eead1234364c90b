/** @kontor/bankdata: German bank directory (Bundesbank bank-code file): load, index, look up bank code -> BIC and name. */
export {};
