// A person's name checked in a form the way the server checks it (contract/person-name.ts), with
// the reason in the learner's language, to show beside the field before anything is sent.
import {
  NAME_MAX_LENGTH,
  PERSON_NAME_PROBLEMS,
  normalisePersonName,
  personNameProblem,
  type PersonNameProblem,
} from '../../contract/person-name';
import { messageText } from './message-text';

/** Why the typed name cannot be kept, in the learner's language; undefined when it can. */
export function personNameError(
  typed: string,
  missing: 'nameRequired' | 'guardianNameRequired' = 'nameRequired',
): string | undefined {
  const problem = personNameProblem(normalisePersonName(typed));
  if (!problem) return undefined;
  if (problem === 'nameRequired') return messageText(missing);
  if (problem === 'nameTooLong') return messageText('nameTooLong', { max: NAME_MAX_LENGTH });
  return messageText(problem);
}

/** Whether the server refused a name (so its message goes beside the name field). */
export function isPersonNameCode(code: string | undefined): code is PersonNameProblem | 'guardianNameRequired' {
  return code === 'guardianNameRequired' || (PERSON_NAME_PROBLEMS as readonly (string | undefined)[]).includes(code);
}

/** The name as the server keeps it, to send. */
export { normalisePersonName };
