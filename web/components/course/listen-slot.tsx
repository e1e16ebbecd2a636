// Where the learning views put a Listen button (issue 28), without knowing read aloud: the views
// render <ListenHere> beside each spoken text, and web/app/routes/learning.tsx fills the slot with
// the read-aloud feature's button (features never import each other). Outside it (the console's
// preview of a draft, which has no voices) the slot is empty and nothing is drawn.
import { createContext, useContext, type ReactNode } from 'react';

/** A text to read: whose it is (a lesson, question or option's id; '' for the course), its field, and the id of the element showing it. */
export interface SpokenText {
  elementId: string;
  field: 'content' | 'explanation' | 'summary';
  textId: string;
}

/** Draws the Listen button of texts read in order; `compact` is an option's icon-only button. */
export type ListenRenderer = (texts: SpokenText[], compact: boolean) => ReactNode;

export const ListenSlot = createContext<ListenRenderer | null>(null);

export function ListenHere({ texts, compact = false }: { texts: SpokenText[]; compact?: boolean }) {
  const render = useContext(ListenSlot);
  return render ? render(texts, compact) : null;
}
