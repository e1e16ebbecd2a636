// What the server said when it refused a save: its message, and each field it named with why (a
// question's options counted unlike the question's, a text left blank).
import { errorText, fieldErrors } from '../../../staff-shared/components/error-text';

export function Refusal({ error }: { error: unknown }) {
  const fields = Object.entries(fieldErrors(error));
  return (
    <div className="staff-error" role="alert">
      <p>{errorText(error)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, message]) => (
            <li key={field}>
              <code>{field}</code> {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
