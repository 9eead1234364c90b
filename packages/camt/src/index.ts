/** @kontor/camt: camt.052/053/054 (.02/.08) and camt.086 (.01-.05): streaming parse to a normalised model, rule checks, ZIP deliveries. */
export {};
