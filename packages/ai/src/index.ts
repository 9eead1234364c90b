/** @kontor/ai: one small model-provider interface (OpenAI-compatible chat completions). */
export {
  createModelProvider,
  parseJsonContent,
  AiError,
  type AiErrorCode,
  type ModelProvider,
  type ModelProviderConfig,
  type ChatMessage,
  type ContentPart,
  type ResponseFormat,
  type CompletionRequest,
  type CompletionResult,
} from './provider';
