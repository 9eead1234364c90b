/** @kontor/ai: One small model-provider interface (OpenAI-compatible chat completions). */
export {};
