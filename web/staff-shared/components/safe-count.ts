// A count the server may hold back so that no small group can be picked out (ADR 27: the figures,
// and an event's live counts): a number in Indian digit grouping, "fewer than 10", or "withheld".
import type { SafeCount } from '../../../contract/analytics';
import { WITHHELD } from '../../../contract/analytics-rules';
import type { TFunction as Translate } from '../../i18n/translator';

const number = new Intl.NumberFormat('en-IN');

/** A count as staff read it: "1,20,000", "fewer than 10", or "withheld". */
export function countText(count: SafeCount, minGroup: number, t: Translate): string {
  if (count === null) return t('counts.fewerThan', { count: minGroup });
  if (count === WITHHELD) return t('counts.withheld');
  return number.format(count);
}
