// A person's name (and a district, written as a name is) checked in a form the way the server checks it (contract/person-name.ts), with
// the reason in the learner's language, to show beside the field before anything is sent.
import {
  DISTRICT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PERSON_NAME_PROBLEMS,
  districtProblem,
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

/** Why the typed district cannot be kept, in the learner's language; undefined when it can (empty is none). */
export function districtError(typed: string): string | undefined {
  const problem = districtProblem(normalisePersonName(typed));
  if (!problem) return undefined;
  return problem === 'districtTooLong' ? messageText(problem, { max: DISTRICT_MAX_LENGTH }) : messageText(problem);
}

/** Whether the server refused a district (so its message goes beside the district field). */
export const isDistrictCode = (code: string | undefined) => code === 'districtTooLong' || code === 'districtCharacters';

/** The name as the server keeps it, to send. */
export { normalisePersonName };
