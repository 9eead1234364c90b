/** @kontor/pain001: ISO 20022 pain.001.001.09 generation (DK SCT / AXZ), business rules, validation of pain.001 .09/.03, address structuring. */
export {};
