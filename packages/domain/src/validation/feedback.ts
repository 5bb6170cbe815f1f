/** Feedback (spec part 1 §5). */
import { FEEDBACK_MAX_LENGTH } from '../constants';
import { VALIDATION_MESSAGES as M } from './messages';
import { text, isBlank, characterCount, type Text } from './inputs';

/** Feedback (part 1 §5): not empty (whitespace counts as empty), at most 200 characters. */
export function validateFeedback(input: { content?: Text }): string | null {
  if (isBlank(input.content)) return M.feedbackEmpty;
  if (characterCount(text(input.content)) > FEEDBACK_MAX_LENGTH) return M.feedbackTooLong;
  return null;
}
