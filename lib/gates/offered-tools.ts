/** The names of the tools a session was offered (its latest listing wins), for --expect-tool and --forbid-tool. */
import { offeredItems, type ListingModel } from '../diff/diff';

export function offeredToolNames(model: ListingModel): Set<string> {
  return new Set(offeredItems(model).tools.keys());
}
